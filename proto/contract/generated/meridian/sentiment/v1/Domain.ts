// Original file: meridian/sentiment/v1/sentiment.proto

export const Domain = {
  DOMAIN_UNSPECIFIED: 'DOMAIN_UNSPECIFIED',
  GENERAL: 'GENERAL',
  FINANCIAL_NEWS: 'FINANCIAL_NEWS',
} as const;

export type Domain =
  | 'DOMAIN_UNSPECIFIED'
  | 0
  | 'GENERAL'
  | 1
  | 'FINANCIAL_NEWS'
  | 2

export type Domain__Output = typeof Domain[keyof typeof Domain]
