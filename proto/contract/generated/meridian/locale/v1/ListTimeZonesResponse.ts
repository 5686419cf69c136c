// Original file: meridian/locale/v1/locale.proto

import type { TimeZoneDescriptor as _meridian_locale_v1_TimeZoneDescriptor, TimeZoneDescriptor__Output as _meridian_locale_v1_TimeZoneDescriptor__Output } from '../../../meridian/locale/v1/TimeZoneDescriptor.js';
import type { Long } from '@grpc/proto-loader';

export interface ListTimeZonesResponse {
  'data'?: (_meridian_locale_v1_TimeZoneDescriptor)[];
  'totalCount'?: (number | string | Long);
  'currentOffset'?: (number | string | Long);
  'nextPageToken'?: (string);
}

export interface ListTimeZonesResponse__Output {
  'data': (_meridian_locale_v1_TimeZoneDescriptor__Output)[];
  'totalCount': (number);
  'currentOffset': (number);
  'nextPageToken': (string);
}
