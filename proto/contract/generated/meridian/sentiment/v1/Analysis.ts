// Original file: meridian/sentiment/v1/sentiment.proto

import type { JobStatus as _meridian_sentiment_v1_JobStatus, JobStatus__Output as _meridian_sentiment_v1_JobStatus__Output } from '../../../meridian/sentiment/v1/JobStatus.js';
import type { Domain as _meridian_sentiment_v1_Domain, Domain__Output as _meridian_sentiment_v1_Domain__Output } from '../../../meridian/sentiment/v1/Domain.js';
import type { EmotionScore as _meridian_sentiment_v1_EmotionScore, EmotionScore__Output as _meridian_sentiment_v1_EmotionScore__Output } from '../../../meridian/sentiment/v1/EmotionScore.js';
import type { DetectedLanguage as _meridian_sentiment_v1_DetectedLanguage, DetectedLanguage__Output as _meridian_sentiment_v1_DetectedLanguage__Output } from '../../../meridian/sentiment/v1/DetectedLanguage.js';
import type { ItemAnomaly as _meridian_sentiment_v1_ItemAnomaly, ItemAnomaly__Output as _meridian_sentiment_v1_ItemAnomaly__Output } from '../../../meridian/sentiment/v1/ItemAnomaly.js';

export interface Analysis {
  'jobId'?: (string);
  'status'?: (_meridian_sentiment_v1_JobStatus);
  'id'?: (string);
  'feedId'?: (string);
  'domain'?: (_meridian_sentiment_v1_Domain);
  'sentiment'?: (string);
  'sentimentScore'?: (number | string);
  'emotionScores'?: (_meridian_sentiment_v1_EmotionScore)[];
  'rationale'?: (string);
  'confidence'?: (number | string);
  'marketDirection'?: (string);
  'language'?: (_meridian_sentiment_v1_DetectedLanguage | null);
  'lowConfidence'?: (boolean);
  'truncated'?: (boolean);
  'feedAnomaly'?: (_meridian_sentiment_v1_ItemAnomaly | null);
  'createdAt'?: (string);
  'occurredAt'?: (string);
  'batchId'?: (string);
  '_id'?: "id";
  '_feedId'?: "feedId";
  '_domain'?: "domain";
  '_sentiment'?: "sentiment";
  '_sentimentScore'?: "sentimentScore";
  '_rationale'?: "rationale";
  '_confidence'?: "confidence";
  '_marketDirection'?: "marketDirection";
  '_language'?: "language";
  '_lowConfidence'?: "lowConfidence";
  '_truncated'?: "truncated";
  '_feedAnomaly'?: "feedAnomaly";
  '_createdAt'?: "createdAt";
  '_occurredAt'?: "occurredAt";
  '_batchId'?: "batchId";
}

export interface Analysis__Output {
  'jobId': (string);
  'status': (_meridian_sentiment_v1_JobStatus__Output);
  'id'?: (string);
  'feedId'?: (string);
  'domain'?: (_meridian_sentiment_v1_Domain__Output);
  'sentiment'?: (string);
  'sentimentScore'?: (number);
  'emotionScores': (_meridian_sentiment_v1_EmotionScore__Output)[];
  'rationale'?: (string);
  'confidence'?: (number);
  'marketDirection'?: (string);
  'language'?: (_meridian_sentiment_v1_DetectedLanguage__Output | null);
  'lowConfidence'?: (boolean);
  'truncated'?: (boolean);
  'feedAnomaly'?: (_meridian_sentiment_v1_ItemAnomaly__Output | null);
  'createdAt'?: (string);
  'occurredAt'?: (string);
  'batchId'?: (string);
  '_id'?: "id";
  '_feedId'?: "feedId";
  '_domain'?: "domain";
  '_sentiment'?: "sentiment";
  '_sentimentScore'?: "sentimentScore";
  '_rationale'?: "rationale";
  '_confidence'?: "confidence";
  '_marketDirection'?: "marketDirection";
  '_language'?: "language";
  '_lowConfidence'?: "lowConfidence";
  '_truncated'?: "truncated";
  '_feedAnomaly'?: "feedAnomaly";
  '_createdAt'?: "createdAt";
  '_occurredAt'?: "occurredAt";
  '_batchId'?: "batchId";
}
