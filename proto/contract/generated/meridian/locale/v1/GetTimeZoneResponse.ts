// Original file: meridian/locale/v1/locale.proto

import type { TimeZoneDescriptor as _meridian_locale_v1_TimeZoneDescriptor, TimeZoneDescriptor__Output as _meridian_locale_v1_TimeZoneDescriptor__Output } from '../../../meridian/locale/v1/TimeZoneDescriptor.js';

export interface GetTimeZoneResponse {
  'data'?: (_meridian_locale_v1_TimeZoneDescriptor | null);
}

export interface GetTimeZoneResponse__Output {
  'data': (_meridian_locale_v1_TimeZoneDescriptor__Output | null);
}
