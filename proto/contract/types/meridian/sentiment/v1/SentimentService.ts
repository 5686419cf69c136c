// Original file: meridian/sentiment/v1/sentiment.proto

import type * as grpc from '@grpc/grpc-js';
import type { MethodDefinition } from '@grpc/proto-loader';
import type { AnalyzeTextRequest as _meridian_sentiment_v1_AnalyzeTextRequest, AnalyzeTextRequest__Output as _meridian_sentiment_v1_AnalyzeTextRequest__Output } from '../../../meridian/sentiment/v1/AnalyzeTextRequest.js';
import type { AnalyzeTextResponse as _meridian_sentiment_v1_AnalyzeTextResponse, AnalyzeTextResponse__Output as _meridian_sentiment_v1_AnalyzeTextResponse__Output } from '../../../meridian/sentiment/v1/AnalyzeTextResponse.js';
import type { BatchAnalyzeTextsRequest as _meridian_sentiment_v1_BatchAnalyzeTextsRequest, BatchAnalyzeTextsRequest__Output as _meridian_sentiment_v1_BatchAnalyzeTextsRequest__Output } from '../../../meridian/sentiment/v1/BatchAnalyzeTextsRequest.js';
import type { BatchAnalyzeTextsResponse as _meridian_sentiment_v1_BatchAnalyzeTextsResponse, BatchAnalyzeTextsResponse__Output as _meridian_sentiment_v1_BatchAnalyzeTextsResponse__Output } from '../../../meridian/sentiment/v1/BatchAnalyzeTextsResponse.js';
import type { CancelJobRequest as _meridian_sentiment_v1_CancelJobRequest, CancelJobRequest__Output as _meridian_sentiment_v1_CancelJobRequest__Output } from '../../../meridian/sentiment/v1/CancelJobRequest.js';
import type { CancelJobResponse as _meridian_sentiment_v1_CancelJobResponse, CancelJobResponse__Output as _meridian_sentiment_v1_CancelJobResponse__Output } from '../../../meridian/sentiment/v1/CancelJobResponse.js';
import type { GetAnalysisRequest as _meridian_sentiment_v1_GetAnalysisRequest, GetAnalysisRequest__Output as _meridian_sentiment_v1_GetAnalysisRequest__Output } from '../../../meridian/sentiment/v1/GetAnalysisRequest.js';
import type { GetAnalysisResponse as _meridian_sentiment_v1_GetAnalysisResponse, GetAnalysisResponse__Output as _meridian_sentiment_v1_GetAnalysisResponse__Output } from '../../../meridian/sentiment/v1/GetAnalysisResponse.js';
import type { GetFeedTrendRequest as _meridian_sentiment_v1_GetFeedTrendRequest, GetFeedTrendRequest__Output as _meridian_sentiment_v1_GetFeedTrendRequest__Output } from '../../../meridian/sentiment/v1/GetFeedTrendRequest.js';
import type { GetFeedTrendResponse as _meridian_sentiment_v1_GetFeedTrendResponse, GetFeedTrendResponse__Output as _meridian_sentiment_v1_GetFeedTrendResponse__Output } from '../../../meridian/sentiment/v1/GetFeedTrendResponse.js';
import type { GetJobRequest as _meridian_sentiment_v1_GetJobRequest, GetJobRequest__Output as _meridian_sentiment_v1_GetJobRequest__Output } from '../../../meridian/sentiment/v1/GetJobRequest.js';
import type { GetJobResponse as _meridian_sentiment_v1_GetJobResponse, GetJobResponse__Output as _meridian_sentiment_v1_GetJobResponse__Output } from '../../../meridian/sentiment/v1/GetJobResponse.js';
import type { ListFeedAnomaliesRequest as _meridian_sentiment_v1_ListFeedAnomaliesRequest, ListFeedAnomaliesRequest__Output as _meridian_sentiment_v1_ListFeedAnomaliesRequest__Output } from '../../../meridian/sentiment/v1/ListFeedAnomaliesRequest.js';
import type { ListFeedAnomaliesResponse as _meridian_sentiment_v1_ListFeedAnomaliesResponse, ListFeedAnomaliesResponse__Output as _meridian_sentiment_v1_ListFeedAnomaliesResponse__Output } from '../../../meridian/sentiment/v1/ListFeedAnomaliesResponse.js';
import type { StreamAnalysesRequest as _meridian_sentiment_v1_StreamAnalysesRequest, StreamAnalysesRequest__Output as _meridian_sentiment_v1_StreamAnalysesRequest__Output } from '../../../meridian/sentiment/v1/StreamAnalysesRequest.js';
import type { StreamAnalysesResponse as _meridian_sentiment_v1_StreamAnalysesResponse, StreamAnalysesResponse__Output as _meridian_sentiment_v1_StreamAnalysesResponse__Output } from '../../../meridian/sentiment/v1/StreamAnalysesResponse.js';

export interface SentimentServiceClient extends grpc.Client {
  AnalyzeText(argument: _meridian_sentiment_v1_AnalyzeTextRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_AnalyzeTextResponse__Output>): grpc.ClientUnaryCall;
  AnalyzeText(argument: _meridian_sentiment_v1_AnalyzeTextRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_AnalyzeTextResponse__Output>): grpc.ClientUnaryCall;
  AnalyzeText(argument: _meridian_sentiment_v1_AnalyzeTextRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_AnalyzeTextResponse__Output>): grpc.ClientUnaryCall;
  AnalyzeText(argument: _meridian_sentiment_v1_AnalyzeTextRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_AnalyzeTextResponse__Output>): grpc.ClientUnaryCall;
  analyzeText(argument: _meridian_sentiment_v1_AnalyzeTextRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_AnalyzeTextResponse__Output>): grpc.ClientUnaryCall;
  analyzeText(argument: _meridian_sentiment_v1_AnalyzeTextRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_AnalyzeTextResponse__Output>): grpc.ClientUnaryCall;
  analyzeText(argument: _meridian_sentiment_v1_AnalyzeTextRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_AnalyzeTextResponse__Output>): grpc.ClientUnaryCall;
  analyzeText(argument: _meridian_sentiment_v1_AnalyzeTextRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_AnalyzeTextResponse__Output>): grpc.ClientUnaryCall;
  
  BatchAnalyzeTexts(argument: _meridian_sentiment_v1_BatchAnalyzeTextsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_BatchAnalyzeTextsResponse__Output>): grpc.ClientUnaryCall;
  BatchAnalyzeTexts(argument: _meridian_sentiment_v1_BatchAnalyzeTextsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_BatchAnalyzeTextsResponse__Output>): grpc.ClientUnaryCall;
  BatchAnalyzeTexts(argument: _meridian_sentiment_v1_BatchAnalyzeTextsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_BatchAnalyzeTextsResponse__Output>): grpc.ClientUnaryCall;
  BatchAnalyzeTexts(argument: _meridian_sentiment_v1_BatchAnalyzeTextsRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_BatchAnalyzeTextsResponse__Output>): grpc.ClientUnaryCall;
  batchAnalyzeTexts(argument: _meridian_sentiment_v1_BatchAnalyzeTextsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_BatchAnalyzeTextsResponse__Output>): grpc.ClientUnaryCall;
  batchAnalyzeTexts(argument: _meridian_sentiment_v1_BatchAnalyzeTextsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_BatchAnalyzeTextsResponse__Output>): grpc.ClientUnaryCall;
  batchAnalyzeTexts(argument: _meridian_sentiment_v1_BatchAnalyzeTextsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_BatchAnalyzeTextsResponse__Output>): grpc.ClientUnaryCall;
  batchAnalyzeTexts(argument: _meridian_sentiment_v1_BatchAnalyzeTextsRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_BatchAnalyzeTextsResponse__Output>): grpc.ClientUnaryCall;
  
  CancelJob(argument: _meridian_sentiment_v1_CancelJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_CancelJobResponse__Output>): grpc.ClientUnaryCall;
  CancelJob(argument: _meridian_sentiment_v1_CancelJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_CancelJobResponse__Output>): grpc.ClientUnaryCall;
  CancelJob(argument: _meridian_sentiment_v1_CancelJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_CancelJobResponse__Output>): grpc.ClientUnaryCall;
  CancelJob(argument: _meridian_sentiment_v1_CancelJobRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_CancelJobResponse__Output>): grpc.ClientUnaryCall;
  cancelJob(argument: _meridian_sentiment_v1_CancelJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_CancelJobResponse__Output>): grpc.ClientUnaryCall;
  cancelJob(argument: _meridian_sentiment_v1_CancelJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_CancelJobResponse__Output>): grpc.ClientUnaryCall;
  cancelJob(argument: _meridian_sentiment_v1_CancelJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_CancelJobResponse__Output>): grpc.ClientUnaryCall;
  cancelJob(argument: _meridian_sentiment_v1_CancelJobRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_CancelJobResponse__Output>): grpc.ClientUnaryCall;
  
  GetAnalysis(argument: _meridian_sentiment_v1_GetAnalysisRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetAnalysisResponse__Output>): grpc.ClientUnaryCall;
  GetAnalysis(argument: _meridian_sentiment_v1_GetAnalysisRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_GetAnalysisResponse__Output>): grpc.ClientUnaryCall;
  GetAnalysis(argument: _meridian_sentiment_v1_GetAnalysisRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetAnalysisResponse__Output>): grpc.ClientUnaryCall;
  GetAnalysis(argument: _meridian_sentiment_v1_GetAnalysisRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_GetAnalysisResponse__Output>): grpc.ClientUnaryCall;
  getAnalysis(argument: _meridian_sentiment_v1_GetAnalysisRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetAnalysisResponse__Output>): grpc.ClientUnaryCall;
  getAnalysis(argument: _meridian_sentiment_v1_GetAnalysisRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_GetAnalysisResponse__Output>): grpc.ClientUnaryCall;
  getAnalysis(argument: _meridian_sentiment_v1_GetAnalysisRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetAnalysisResponse__Output>): grpc.ClientUnaryCall;
  getAnalysis(argument: _meridian_sentiment_v1_GetAnalysisRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_GetAnalysisResponse__Output>): grpc.ClientUnaryCall;
  
  GetFeedTrend(argument: _meridian_sentiment_v1_GetFeedTrendRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetFeedTrendResponse__Output>): grpc.ClientUnaryCall;
  GetFeedTrend(argument: _meridian_sentiment_v1_GetFeedTrendRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_GetFeedTrendResponse__Output>): grpc.ClientUnaryCall;
  GetFeedTrend(argument: _meridian_sentiment_v1_GetFeedTrendRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetFeedTrendResponse__Output>): grpc.ClientUnaryCall;
  GetFeedTrend(argument: _meridian_sentiment_v1_GetFeedTrendRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_GetFeedTrendResponse__Output>): grpc.ClientUnaryCall;
  getFeedTrend(argument: _meridian_sentiment_v1_GetFeedTrendRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetFeedTrendResponse__Output>): grpc.ClientUnaryCall;
  getFeedTrend(argument: _meridian_sentiment_v1_GetFeedTrendRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_GetFeedTrendResponse__Output>): grpc.ClientUnaryCall;
  getFeedTrend(argument: _meridian_sentiment_v1_GetFeedTrendRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetFeedTrendResponse__Output>): grpc.ClientUnaryCall;
  getFeedTrend(argument: _meridian_sentiment_v1_GetFeedTrendRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_GetFeedTrendResponse__Output>): grpc.ClientUnaryCall;
  
  GetJob(argument: _meridian_sentiment_v1_GetJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  GetJob(argument: _meridian_sentiment_v1_GetJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  GetJob(argument: _meridian_sentiment_v1_GetJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  GetJob(argument: _meridian_sentiment_v1_GetJobRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  getJob(argument: _meridian_sentiment_v1_GetJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  getJob(argument: _meridian_sentiment_v1_GetJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  getJob(argument: _meridian_sentiment_v1_GetJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  getJob(argument: _meridian_sentiment_v1_GetJobRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  
  ListFeedAnomalies(argument: _meridian_sentiment_v1_ListFeedAnomaliesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_ListFeedAnomaliesResponse__Output>): grpc.ClientUnaryCall;
  ListFeedAnomalies(argument: _meridian_sentiment_v1_ListFeedAnomaliesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_ListFeedAnomaliesResponse__Output>): grpc.ClientUnaryCall;
  ListFeedAnomalies(argument: _meridian_sentiment_v1_ListFeedAnomaliesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_ListFeedAnomaliesResponse__Output>): grpc.ClientUnaryCall;
  ListFeedAnomalies(argument: _meridian_sentiment_v1_ListFeedAnomaliesRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_ListFeedAnomaliesResponse__Output>): grpc.ClientUnaryCall;
  listFeedAnomalies(argument: _meridian_sentiment_v1_ListFeedAnomaliesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_ListFeedAnomaliesResponse__Output>): grpc.ClientUnaryCall;
  listFeedAnomalies(argument: _meridian_sentiment_v1_ListFeedAnomaliesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_ListFeedAnomaliesResponse__Output>): grpc.ClientUnaryCall;
  listFeedAnomalies(argument: _meridian_sentiment_v1_ListFeedAnomaliesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_ListFeedAnomaliesResponse__Output>): grpc.ClientUnaryCall;
  listFeedAnomalies(argument: _meridian_sentiment_v1_ListFeedAnomaliesRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_ListFeedAnomaliesResponse__Output>): grpc.ClientUnaryCall;
  
  StreamAnalyses(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_meridian_sentiment_v1_StreamAnalysesRequest, _meridian_sentiment_v1_StreamAnalysesResponse__Output>;
  StreamAnalyses(options?: grpc.CallOptions): grpc.ClientDuplexStream<_meridian_sentiment_v1_StreamAnalysesRequest, _meridian_sentiment_v1_StreamAnalysesResponse__Output>;
  streamAnalyses(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_meridian_sentiment_v1_StreamAnalysesRequest, _meridian_sentiment_v1_StreamAnalysesResponse__Output>;
  streamAnalyses(options?: grpc.CallOptions): grpc.ClientDuplexStream<_meridian_sentiment_v1_StreamAnalysesRequest, _meridian_sentiment_v1_StreamAnalysesResponse__Output>;
  
}

export interface SentimentServiceHandlers extends grpc.UntypedServiceImplementation {
  AnalyzeText: grpc.handleUnaryCall<_meridian_sentiment_v1_AnalyzeTextRequest__Output, _meridian_sentiment_v1_AnalyzeTextResponse>;
  
  BatchAnalyzeTexts: grpc.handleUnaryCall<_meridian_sentiment_v1_BatchAnalyzeTextsRequest__Output, _meridian_sentiment_v1_BatchAnalyzeTextsResponse>;
  
  CancelJob: grpc.handleUnaryCall<_meridian_sentiment_v1_CancelJobRequest__Output, _meridian_sentiment_v1_CancelJobResponse>;
  
  GetAnalysis: grpc.handleUnaryCall<_meridian_sentiment_v1_GetAnalysisRequest__Output, _meridian_sentiment_v1_GetAnalysisResponse>;
  
  GetFeedTrend: grpc.handleUnaryCall<_meridian_sentiment_v1_GetFeedTrendRequest__Output, _meridian_sentiment_v1_GetFeedTrendResponse>;
  
  GetJob: grpc.handleUnaryCall<_meridian_sentiment_v1_GetJobRequest__Output, _meridian_sentiment_v1_GetJobResponse>;
  
  ListFeedAnomalies: grpc.handleUnaryCall<_meridian_sentiment_v1_ListFeedAnomaliesRequest__Output, _meridian_sentiment_v1_ListFeedAnomaliesResponse>;
  
  StreamAnalyses: grpc.handleBidiStreamingCall<_meridian_sentiment_v1_StreamAnalysesRequest__Output, _meridian_sentiment_v1_StreamAnalysesResponse>;
  
}

export interface SentimentServiceDefinition extends grpc.ServiceDefinition {
  AnalyzeText: MethodDefinition<_meridian_sentiment_v1_AnalyzeTextRequest, _meridian_sentiment_v1_AnalyzeTextResponse, _meridian_sentiment_v1_AnalyzeTextRequest__Output, _meridian_sentiment_v1_AnalyzeTextResponse__Output>
  BatchAnalyzeTexts: MethodDefinition<_meridian_sentiment_v1_BatchAnalyzeTextsRequest, _meridian_sentiment_v1_BatchAnalyzeTextsResponse, _meridian_sentiment_v1_BatchAnalyzeTextsRequest__Output, _meridian_sentiment_v1_BatchAnalyzeTextsResponse__Output>
  CancelJob: MethodDefinition<_meridian_sentiment_v1_CancelJobRequest, _meridian_sentiment_v1_CancelJobResponse, _meridian_sentiment_v1_CancelJobRequest__Output, _meridian_sentiment_v1_CancelJobResponse__Output>
  GetAnalysis: MethodDefinition<_meridian_sentiment_v1_GetAnalysisRequest, _meridian_sentiment_v1_GetAnalysisResponse, _meridian_sentiment_v1_GetAnalysisRequest__Output, _meridian_sentiment_v1_GetAnalysisResponse__Output>
  GetFeedTrend: MethodDefinition<_meridian_sentiment_v1_GetFeedTrendRequest, _meridian_sentiment_v1_GetFeedTrendResponse, _meridian_sentiment_v1_GetFeedTrendRequest__Output, _meridian_sentiment_v1_GetFeedTrendResponse__Output>
  GetJob: MethodDefinition<_meridian_sentiment_v1_GetJobRequest, _meridian_sentiment_v1_GetJobResponse, _meridian_sentiment_v1_GetJobRequest__Output, _meridian_sentiment_v1_GetJobResponse__Output>
  ListFeedAnomalies: MethodDefinition<_meridian_sentiment_v1_ListFeedAnomaliesRequest, _meridian_sentiment_v1_ListFeedAnomaliesResponse, _meridian_sentiment_v1_ListFeedAnomaliesRequest__Output, _meridian_sentiment_v1_ListFeedAnomaliesResponse__Output>
  StreamAnalyses: MethodDefinition<_meridian_sentiment_v1_StreamAnalysesRequest, _meridian_sentiment_v1_StreamAnalysesResponse, _meridian_sentiment_v1_StreamAnalysesRequest__Output, _meridian_sentiment_v1_StreamAnalysesResponse__Output>
}
