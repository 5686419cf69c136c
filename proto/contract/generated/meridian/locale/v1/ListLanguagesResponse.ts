// Original file: meridian/locale/v1/locale.proto

import type { LanguageDescriptor as _meridian_locale_v1_LanguageDescriptor, LanguageDescriptor__Output as _meridian_locale_v1_LanguageDescriptor__Output } from '../../../meridian/locale/v1/LanguageDescriptor.js';
import type { Long } from '@grpc/proto-loader';

export interface ListLanguagesResponse {
  'data'?: (_meridian_locale_v1_LanguageDescriptor)[];
  'totalCount'?: (number | string | Long);
  'currentOffset'?: (number | string | Long);
  'nextPageToken'?: (string);
}

export interface ListLanguagesResponse__Output {
  'data': (_meridian_locale_v1_LanguageDescriptor__Output)[];
  'totalCount': (number);
  'currentOffset': (number);
  'nextPageToken': (string);
}
