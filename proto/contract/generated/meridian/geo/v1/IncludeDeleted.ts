// Original file: meridian/geo/v1/geo.proto

export const IncludeDeleted = {
  INCLUDE_DELETED_UNSPECIFIED: 'INCLUDE_DELETED_UNSPECIFIED',
  NONE: 'NONE',
  ALL: 'ALL',
  SINCE_YESTERDAY: 'SINCE_YESTERDAY',
  SINCE_LAST_WEEK: 'SINCE_LAST_WEEK',
} as const;

export type IncludeDeleted =
  | 'INCLUDE_DELETED_UNSPECIFIED'
  | 0
  | 'NONE'
  | 1
  | 'ALL'
  | 2
  | 'SINCE_YESTERDAY'
  | 3
  | 'SINCE_LAST_WEEK'
  | 4

export type IncludeDeleted__Output = typeof IncludeDeleted[keyof typeof IncludeDeleted]
