// Original file: meridian/locale/v1/locale.proto

import type { CurrencyDescriptor as _meridian_locale_v1_CurrencyDescriptor, CurrencyDescriptor__Output as _meridian_locale_v1_CurrencyDescriptor__Output } from '../../../meridian/locale/v1/CurrencyDescriptor.js';
import type { Long } from '@grpc/proto-loader';

export interface ListCurrenciesResponse {
  'data'?: (_meridian_locale_v1_CurrencyDescriptor)[];
  'totalCount'?: (number | string | Long);
  'currentOffset'?: (number | string | Long);
  'nextPageToken'?: (string);
}

export interface ListCurrenciesResponse__Output {
  'data': (_meridian_locale_v1_CurrencyDescriptor__Output)[];
  'totalCount': (number);
  'currentOffset': (number);
  'nextPageToken': (string);
}
