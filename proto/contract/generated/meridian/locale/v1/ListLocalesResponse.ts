// Original file: meridian/locale/v1/locale.proto

import type { LocaleDescriptor as _meridian_locale_v1_LocaleDescriptor, LocaleDescriptor__Output as _meridian_locale_v1_LocaleDescriptor__Output } from '../../../meridian/locale/v1/LocaleDescriptor.js';
import type { Long } from '@grpc/proto-loader';

export interface ListLocalesResponse {
  'data'?: (_meridian_locale_v1_LocaleDescriptor)[];
  'totalCount'?: (number | string | Long);
  'currentOffset'?: (number | string | Long);
  'nextPageToken'?: (string);
}

export interface ListLocalesResponse__Output {
  'data': (_meridian_locale_v1_LocaleDescriptor__Output)[];
  'totalCount': (number);
  'currentOffset': (number);
  'nextPageToken': (string);
}
