// Original file: meridian/sentiment/v1/sentiment.proto

export const JobStatus = {
  JOB_STATUS_UNSPECIFIED: 'JOB_STATUS_UNSPECIFIED',
  PENDING: 'PENDING',
  PROCESSING: 'PROCESSING',
  SUCCEEDED: 'SUCCEEDED',
  FAILED: 'FAILED',
  CANCELED: 'CANCELED',
} as const;

export type JobStatus =
  | 'JOB_STATUS_UNSPECIFIED'
  | 0
  | 'PENDING'
  | 1
  | 'PROCESSING'
  | 2
  | 'SUCCEEDED'
  | 3
  | 'FAILED'
  | 4
  | 'CANCELED'
  | 5

export type JobStatus__Output = typeof JobStatus[keyof typeof JobStatus]
