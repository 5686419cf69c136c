// Original file: null

import type { FeatureSet as _google_protobuf_FeatureSet, FeatureSet__Output as _google_protobuf_FeatureSet__Output } from '../../google/protobuf/FeatureSet.js';
import type { UninterpretedOption as _google_protobuf_UninterpretedOption, UninterpretedOption__Output as _google_protobuf_UninterpretedOption__Output } from '../../google/protobuf/UninterpretedOption.js';
import type { AnswerCache as _meridian_api_v1_AnswerCache, AnswerCache__Output as _meridian_api_v1_AnswerCache__Output } from '../../meridian/api/v1/AnswerCache.js';

export interface ServiceOptions {
  'deprecated'?: (boolean);
  'features'?: (_google_protobuf_FeatureSet | null);
  'uninterpretedOption'?: (_google_protobuf_UninterpretedOption)[];
  '.meridian.api.v1.keyScope'?: (string);
  '.meridian.api.v1.serviceAnswerCache'?: (_meridian_api_v1_AnswerCache | null);
}

export interface ServiceOptions__Output {
  'deprecated': (boolean);
  'features': (_google_protobuf_FeatureSet__Output | null);
  'uninterpretedOption': (_google_protobuf_UninterpretedOption__Output)[];
  '.meridian.api.v1.keyScope': (string);
  '.meridian.api.v1.serviceAnswerCache': (_meridian_api_v1_AnswerCache__Output | null);
}
