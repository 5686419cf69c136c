// Original file: meridian/geo/v1/geo.proto

export const DistanceUnit = {
  DISTANCE_UNIT_UNSPECIFIED: 'DISTANCE_UNIT_UNSPECIFIED',
  MI: 'MI',
  KM: 'KM',
} as const;

export type DistanceUnit =
  | 'DISTANCE_UNIT_UNSPECIFIED'
  | 0
  | 'MI'
  | 1
  | 'KM'
  | 2

export type DistanceUnit__Output = typeof DistanceUnit[keyof typeof DistanceUnit]
