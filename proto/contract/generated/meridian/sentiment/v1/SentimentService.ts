// Original file: meridian/sentiment/v1/sentiment.proto

import type * as grpc from '@grpc/grpc-js';
import type { MethodDefinition } from '@grpc/proto-loader';
import type { AnalyzeTextRequest as _meridian_sentiment_v1_AnalyzeTextRequest, AnalyzeTextRequest__Output as _meridian_sentiment_v1_AnalyzeTextRequest__Output } from '../../../meridian/sentiment/v1/AnalyzeTextRequest.js';
import type { AnalyzeTextResponse as _meridian_sentiment_v1_AnalyzeTextResponse, AnalyzeTextResponse__Output as _meridian_sentiment_v1_AnalyzeTextResponse__Output } from '../../../meridian/sentiment/v1/AnalyzeTextResponse.js';
import type { BatchAnalyzeTextsRequest as _meridian_sentiment_v1_BatchAnalyzeTextsRequest, BatchAnalyzeTextsRequest__Output as _meridian_sentiment_v1_BatchAnalyzeTextsRequest__Output } from '../../../meridian/sentiment/v1/BatchAnalyzeTextsRequest.js';
import type { BatchAnalyzeTextsResponse as _meridian_sentiment_v1_BatchAnalyzeTextsResponse, BatchAnalyzeTextsResponse__Output as _meridian_sentiment_v1_BatchAnalyzeTextsResponse__Output } from '../../../meridian/sentiment/v1/BatchAnalyzeTextsResponse.js';
import type { CancelJobRequest as _meridian_sentiment_v1_CancelJobRequest, CancelJobRequest__Output as _meridian_sentiment_v1_CancelJobRequest__Output } from '../../../meridian/sentiment/v1/CancelJobRequest.js';
import type { CancelJobResponse as _meridian_sentiment_v1_CancelJobResponse, CancelJobResponse__Output as _meridian_sentiment_v1_CancelJobResponse__Output } from '../../../meridian/sentiment/v1/CancelJobResponse.js';
import type { CreateWebhookRequest as _meridian_sentiment_v1_CreateWebhookRequest, CreateWebhookRequest__Output as _meridian_sentiment_v1_CreateWebhookRequest__Output } from '../../../meridian/sentiment/v1/CreateWebhookRequest.js';
import type { CreateWebhookResponse as _meridian_sentiment_v1_CreateWebhookResponse, CreateWebhookResponse__Output as _meridian_sentiment_v1_CreateWebhookResponse__Output } from '../../../meridian/sentiment/v1/CreateWebhookResponse.js';
import type { DeleteAnalysisRequest as _meridian_sentiment_v1_DeleteAnalysisRequest, DeleteAnalysisRequest__Output as _meridian_sentiment_v1_DeleteAnalysisRequest__Output } from '../../../meridian/sentiment/v1/DeleteAnalysisRequest.js';
import type { DeleteAnalysisResponse as _meridian_sentiment_v1_DeleteAnalysisResponse, DeleteAnalysisResponse__Output as _meridian_sentiment_v1_DeleteAnalysisResponse__Output } from '../../../meridian/sentiment/v1/DeleteAnalysisResponse.js';
import type { DeleteFeedRequest as _meridian_sentiment_v1_DeleteFeedRequest, DeleteFeedRequest__Output as _meridian_sentiment_v1_DeleteFeedRequest__Output } from '../../../meridian/sentiment/v1/DeleteFeedRequest.js';
import type { DeleteFeedResponse as _meridian_sentiment_v1_DeleteFeedResponse, DeleteFeedResponse__Output as _meridian_sentiment_v1_DeleteFeedResponse__Output } from '../../../meridian/sentiment/v1/DeleteFeedResponse.js';
import type { DeleteJobResultsRequest as _meridian_sentiment_v1_DeleteJobResultsRequest, DeleteJobResultsRequest__Output as _meridian_sentiment_v1_DeleteJobResultsRequest__Output } from '../../../meridian/sentiment/v1/DeleteJobResultsRequest.js';
import type { DeleteJobResultsResponse as _meridian_sentiment_v1_DeleteJobResultsResponse, DeleteJobResultsResponse__Output as _meridian_sentiment_v1_DeleteJobResultsResponse__Output } from '../../../meridian/sentiment/v1/DeleteJobResultsResponse.js';
import type { DeleteWebhookRequest as _meridian_sentiment_v1_DeleteWebhookRequest, DeleteWebhookRequest__Output as _meridian_sentiment_v1_DeleteWebhookRequest__Output } from '../../../meridian/sentiment/v1/DeleteWebhookRequest.js';
import type { DeleteWebhookResponse as _meridian_sentiment_v1_DeleteWebhookResponse, DeleteWebhookResponse__Output as _meridian_sentiment_v1_DeleteWebhookResponse__Output } from '../../../meridian/sentiment/v1/DeleteWebhookResponse.js';
import type { GetAnalysisRequest as _meridian_sentiment_v1_GetAnalysisRequest, GetAnalysisRequest__Output as _meridian_sentiment_v1_GetAnalysisRequest__Output } from '../../../meridian/sentiment/v1/GetAnalysisRequest.js';
import type { GetAnalysisResponse as _meridian_sentiment_v1_GetAnalysisResponse, GetAnalysisResponse__Output as _meridian_sentiment_v1_GetAnalysisResponse__Output } from '../../../meridian/sentiment/v1/GetAnalysisResponse.js';
import type { GetBatchRequest as _meridian_sentiment_v1_GetBatchRequest, GetBatchRequest__Output as _meridian_sentiment_v1_GetBatchRequest__Output } from '../../../meridian/sentiment/v1/GetBatchRequest.js';
import type { GetBatchResponse as _meridian_sentiment_v1_GetBatchResponse, GetBatchResponse__Output as _meridian_sentiment_v1_GetBatchResponse__Output } from '../../../meridian/sentiment/v1/GetBatchResponse.js';
import type { GetFeedTrendRequest as _meridian_sentiment_v1_GetFeedTrendRequest, GetFeedTrendRequest__Output as _meridian_sentiment_v1_GetFeedTrendRequest__Output } from '../../../meridian/sentiment/v1/GetFeedTrendRequest.js';
import type { GetFeedTrendResponse as _meridian_sentiment_v1_GetFeedTrendResponse, GetFeedTrendResponse__Output as _meridian_sentiment_v1_GetFeedTrendResponse__Output } from '../../../meridian/sentiment/v1/GetFeedTrendResponse.js';
import type { GetJobRequest as _meridian_sentiment_v1_GetJobRequest, GetJobRequest__Output as _meridian_sentiment_v1_GetJobRequest__Output } from '../../../meridian/sentiment/v1/GetJobRequest.js';
import type { GetJobResponse as _meridian_sentiment_v1_GetJobResponse, GetJobResponse__Output as _meridian_sentiment_v1_GetJobResponse__Output } from '../../../meridian/sentiment/v1/GetJobResponse.js';
import type { GetSentimentMetricsRequest as _meridian_sentiment_v1_GetSentimentMetricsRequest, GetSentimentMetricsRequest__Output as _meridian_sentiment_v1_GetSentimentMetricsRequest__Output } from '../../../meridian/sentiment/v1/GetSentimentMetricsRequest.js';
import type { GetSentimentMetricsResponse as _meridian_sentiment_v1_GetSentimentMetricsResponse, GetSentimentMetricsResponse__Output as _meridian_sentiment_v1_GetSentimentMetricsResponse__Output } from '../../../meridian/sentiment/v1/GetSentimentMetricsResponse.js';
import type { GetWebhookRequest as _meridian_sentiment_v1_GetWebhookRequest, GetWebhookRequest__Output as _meridian_sentiment_v1_GetWebhookRequest__Output } from '../../../meridian/sentiment/v1/GetWebhookRequest.js';
import type { GetWebhookResponse as _meridian_sentiment_v1_GetWebhookResponse, GetWebhookResponse__Output as _meridian_sentiment_v1_GetWebhookResponse__Output } from '../../../meridian/sentiment/v1/GetWebhookResponse.js';
import type { ListFeedAnomaliesRequest as _meridian_sentiment_v1_ListFeedAnomaliesRequest, ListFeedAnomaliesRequest__Output as _meridian_sentiment_v1_ListFeedAnomaliesRequest__Output } from '../../../meridian/sentiment/v1/ListFeedAnomaliesRequest.js';
import type { ListFeedAnomaliesResponse as _meridian_sentiment_v1_ListFeedAnomaliesResponse, ListFeedAnomaliesResponse__Output as _meridian_sentiment_v1_ListFeedAnomaliesResponse__Output } from '../../../meridian/sentiment/v1/ListFeedAnomaliesResponse.js';
import type { ListJobsRequest as _meridian_sentiment_v1_ListJobsRequest, ListJobsRequest__Output as _meridian_sentiment_v1_ListJobsRequest__Output } from '../../../meridian/sentiment/v1/ListJobsRequest.js';
import type { ListJobsResponse as _meridian_sentiment_v1_ListJobsResponse, ListJobsResponse__Output as _meridian_sentiment_v1_ListJobsResponse__Output } from '../../../meridian/sentiment/v1/ListJobsResponse.js';
import type { ListWebhookDeliveriesRequest as _meridian_sentiment_v1_ListWebhookDeliveriesRequest, ListWebhookDeliveriesRequest__Output as _meridian_sentiment_v1_ListWebhookDeliveriesRequest__Output } from '../../../meridian/sentiment/v1/ListWebhookDeliveriesRequest.js';
import type { ListWebhookDeliveriesResponse as _meridian_sentiment_v1_ListWebhookDeliveriesResponse, ListWebhookDeliveriesResponse__Output as _meridian_sentiment_v1_ListWebhookDeliveriesResponse__Output } from '../../../meridian/sentiment/v1/ListWebhookDeliveriesResponse.js';
import type { ListWebhooksRequest as _meridian_sentiment_v1_ListWebhooksRequest, ListWebhooksRequest__Output as _meridian_sentiment_v1_ListWebhooksRequest__Output } from '../../../meridian/sentiment/v1/ListWebhooksRequest.js';
import type { ListWebhooksResponse as _meridian_sentiment_v1_ListWebhooksResponse, ListWebhooksResponse__Output as _meridian_sentiment_v1_ListWebhooksResponse__Output } from '../../../meridian/sentiment/v1/ListWebhooksResponse.js';
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
  
  CreateWebhook(argument: _meridian_sentiment_v1_CreateWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  CreateWebhook(argument: _meridian_sentiment_v1_CreateWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  CreateWebhook(argument: _meridian_sentiment_v1_CreateWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  CreateWebhook(argument: _meridian_sentiment_v1_CreateWebhookRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  createWebhook(argument: _meridian_sentiment_v1_CreateWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  createWebhook(argument: _meridian_sentiment_v1_CreateWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  createWebhook(argument: _meridian_sentiment_v1_CreateWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  createWebhook(argument: _meridian_sentiment_v1_CreateWebhookRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_CreateWebhookResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteAnalysis(argument: _meridian_sentiment_v1_DeleteAnalysisRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteAnalysisResponse__Output>): grpc.ClientUnaryCall;
  DeleteAnalysis(argument: _meridian_sentiment_v1_DeleteAnalysisRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteAnalysisResponse__Output>): grpc.ClientUnaryCall;
  DeleteAnalysis(argument: _meridian_sentiment_v1_DeleteAnalysisRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteAnalysisResponse__Output>): grpc.ClientUnaryCall;
  DeleteAnalysis(argument: _meridian_sentiment_v1_DeleteAnalysisRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteAnalysisResponse__Output>): grpc.ClientUnaryCall;
  deleteAnalysis(argument: _meridian_sentiment_v1_DeleteAnalysisRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteAnalysisResponse__Output>): grpc.ClientUnaryCall;
  deleteAnalysis(argument: _meridian_sentiment_v1_DeleteAnalysisRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteAnalysisResponse__Output>): grpc.ClientUnaryCall;
  deleteAnalysis(argument: _meridian_sentiment_v1_DeleteAnalysisRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteAnalysisResponse__Output>): grpc.ClientUnaryCall;
  deleteAnalysis(argument: _meridian_sentiment_v1_DeleteAnalysisRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteAnalysisResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteFeed(argument: _meridian_sentiment_v1_DeleteFeedRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteFeedResponse__Output>): grpc.ClientUnaryCall;
  DeleteFeed(argument: _meridian_sentiment_v1_DeleteFeedRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteFeedResponse__Output>): grpc.ClientUnaryCall;
  DeleteFeed(argument: _meridian_sentiment_v1_DeleteFeedRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteFeedResponse__Output>): grpc.ClientUnaryCall;
  DeleteFeed(argument: _meridian_sentiment_v1_DeleteFeedRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteFeedResponse__Output>): grpc.ClientUnaryCall;
  deleteFeed(argument: _meridian_sentiment_v1_DeleteFeedRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteFeedResponse__Output>): grpc.ClientUnaryCall;
  deleteFeed(argument: _meridian_sentiment_v1_DeleteFeedRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteFeedResponse__Output>): grpc.ClientUnaryCall;
  deleteFeed(argument: _meridian_sentiment_v1_DeleteFeedRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteFeedResponse__Output>): grpc.ClientUnaryCall;
  deleteFeed(argument: _meridian_sentiment_v1_DeleteFeedRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteFeedResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteJobResults(argument: _meridian_sentiment_v1_DeleteJobResultsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteJobResultsResponse__Output>): grpc.ClientUnaryCall;
  DeleteJobResults(argument: _meridian_sentiment_v1_DeleteJobResultsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteJobResultsResponse__Output>): grpc.ClientUnaryCall;
  DeleteJobResults(argument: _meridian_sentiment_v1_DeleteJobResultsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteJobResultsResponse__Output>): grpc.ClientUnaryCall;
  DeleteJobResults(argument: _meridian_sentiment_v1_DeleteJobResultsRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteJobResultsResponse__Output>): grpc.ClientUnaryCall;
  deleteJobResults(argument: _meridian_sentiment_v1_DeleteJobResultsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteJobResultsResponse__Output>): grpc.ClientUnaryCall;
  deleteJobResults(argument: _meridian_sentiment_v1_DeleteJobResultsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteJobResultsResponse__Output>): grpc.ClientUnaryCall;
  deleteJobResults(argument: _meridian_sentiment_v1_DeleteJobResultsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteJobResultsResponse__Output>): grpc.ClientUnaryCall;
  deleteJobResults(argument: _meridian_sentiment_v1_DeleteJobResultsRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteJobResultsResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteWebhook(argument: _meridian_sentiment_v1_DeleteWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteWebhookResponse__Output>): grpc.ClientUnaryCall;
  DeleteWebhook(argument: _meridian_sentiment_v1_DeleteWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteWebhookResponse__Output>): grpc.ClientUnaryCall;
  DeleteWebhook(argument: _meridian_sentiment_v1_DeleteWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteWebhookResponse__Output>): grpc.ClientUnaryCall;
  DeleteWebhook(argument: _meridian_sentiment_v1_DeleteWebhookRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteWebhookResponse__Output>): grpc.ClientUnaryCall;
  deleteWebhook(argument: _meridian_sentiment_v1_DeleteWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteWebhookResponse__Output>): grpc.ClientUnaryCall;
  deleteWebhook(argument: _meridian_sentiment_v1_DeleteWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteWebhookResponse__Output>): grpc.ClientUnaryCall;
  deleteWebhook(argument: _meridian_sentiment_v1_DeleteWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteWebhookResponse__Output>): grpc.ClientUnaryCall;
  deleteWebhook(argument: _meridian_sentiment_v1_DeleteWebhookRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_DeleteWebhookResponse__Output>): grpc.ClientUnaryCall;
  
  GetAnalysis(argument: _meridian_sentiment_v1_GetAnalysisRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetAnalysisResponse__Output>): grpc.ClientUnaryCall;
  GetAnalysis(argument: _meridian_sentiment_v1_GetAnalysisRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_GetAnalysisResponse__Output>): grpc.ClientUnaryCall;
  GetAnalysis(argument: _meridian_sentiment_v1_GetAnalysisRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetAnalysisResponse__Output>): grpc.ClientUnaryCall;
  GetAnalysis(argument: _meridian_sentiment_v1_GetAnalysisRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_GetAnalysisResponse__Output>): grpc.ClientUnaryCall;
  getAnalysis(argument: _meridian_sentiment_v1_GetAnalysisRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetAnalysisResponse__Output>): grpc.ClientUnaryCall;
  getAnalysis(argument: _meridian_sentiment_v1_GetAnalysisRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_GetAnalysisResponse__Output>): grpc.ClientUnaryCall;
  getAnalysis(argument: _meridian_sentiment_v1_GetAnalysisRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetAnalysisResponse__Output>): grpc.ClientUnaryCall;
  getAnalysis(argument: _meridian_sentiment_v1_GetAnalysisRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_GetAnalysisResponse__Output>): grpc.ClientUnaryCall;
  
  GetBatch(argument: _meridian_sentiment_v1_GetBatchRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetBatchResponse__Output>): grpc.ClientUnaryCall;
  GetBatch(argument: _meridian_sentiment_v1_GetBatchRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_GetBatchResponse__Output>): grpc.ClientUnaryCall;
  GetBatch(argument: _meridian_sentiment_v1_GetBatchRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetBatchResponse__Output>): grpc.ClientUnaryCall;
  GetBatch(argument: _meridian_sentiment_v1_GetBatchRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_GetBatchResponse__Output>): grpc.ClientUnaryCall;
  getBatch(argument: _meridian_sentiment_v1_GetBatchRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetBatchResponse__Output>): grpc.ClientUnaryCall;
  getBatch(argument: _meridian_sentiment_v1_GetBatchRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_GetBatchResponse__Output>): grpc.ClientUnaryCall;
  getBatch(argument: _meridian_sentiment_v1_GetBatchRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetBatchResponse__Output>): grpc.ClientUnaryCall;
  getBatch(argument: _meridian_sentiment_v1_GetBatchRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_GetBatchResponse__Output>): grpc.ClientUnaryCall;
  
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
  
  GetSentimentMetrics(argument: _meridian_sentiment_v1_GetSentimentMetricsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetSentimentMetricsResponse__Output>): grpc.ClientUnaryCall;
  GetSentimentMetrics(argument: _meridian_sentiment_v1_GetSentimentMetricsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_GetSentimentMetricsResponse__Output>): grpc.ClientUnaryCall;
  GetSentimentMetrics(argument: _meridian_sentiment_v1_GetSentimentMetricsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetSentimentMetricsResponse__Output>): grpc.ClientUnaryCall;
  GetSentimentMetrics(argument: _meridian_sentiment_v1_GetSentimentMetricsRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_GetSentimentMetricsResponse__Output>): grpc.ClientUnaryCall;
  getSentimentMetrics(argument: _meridian_sentiment_v1_GetSentimentMetricsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetSentimentMetricsResponse__Output>): grpc.ClientUnaryCall;
  getSentimentMetrics(argument: _meridian_sentiment_v1_GetSentimentMetricsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_GetSentimentMetricsResponse__Output>): grpc.ClientUnaryCall;
  getSentimentMetrics(argument: _meridian_sentiment_v1_GetSentimentMetricsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetSentimentMetricsResponse__Output>): grpc.ClientUnaryCall;
  getSentimentMetrics(argument: _meridian_sentiment_v1_GetSentimentMetricsRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_GetSentimentMetricsResponse__Output>): grpc.ClientUnaryCall;
  
  GetWebhook(argument: _meridian_sentiment_v1_GetWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetWebhookResponse__Output>): grpc.ClientUnaryCall;
  GetWebhook(argument: _meridian_sentiment_v1_GetWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_GetWebhookResponse__Output>): grpc.ClientUnaryCall;
  GetWebhook(argument: _meridian_sentiment_v1_GetWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetWebhookResponse__Output>): grpc.ClientUnaryCall;
  GetWebhook(argument: _meridian_sentiment_v1_GetWebhookRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_GetWebhookResponse__Output>): grpc.ClientUnaryCall;
  getWebhook(argument: _meridian_sentiment_v1_GetWebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetWebhookResponse__Output>): grpc.ClientUnaryCall;
  getWebhook(argument: _meridian_sentiment_v1_GetWebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_GetWebhookResponse__Output>): grpc.ClientUnaryCall;
  getWebhook(argument: _meridian_sentiment_v1_GetWebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_GetWebhookResponse__Output>): grpc.ClientUnaryCall;
  getWebhook(argument: _meridian_sentiment_v1_GetWebhookRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_GetWebhookResponse__Output>): grpc.ClientUnaryCall;
  
  ListFeedAnomalies(argument: _meridian_sentiment_v1_ListFeedAnomaliesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_ListFeedAnomaliesResponse__Output>): grpc.ClientUnaryCall;
  ListFeedAnomalies(argument: _meridian_sentiment_v1_ListFeedAnomaliesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_ListFeedAnomaliesResponse__Output>): grpc.ClientUnaryCall;
  ListFeedAnomalies(argument: _meridian_sentiment_v1_ListFeedAnomaliesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_ListFeedAnomaliesResponse__Output>): grpc.ClientUnaryCall;
  ListFeedAnomalies(argument: _meridian_sentiment_v1_ListFeedAnomaliesRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_ListFeedAnomaliesResponse__Output>): grpc.ClientUnaryCall;
  listFeedAnomalies(argument: _meridian_sentiment_v1_ListFeedAnomaliesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_ListFeedAnomaliesResponse__Output>): grpc.ClientUnaryCall;
  listFeedAnomalies(argument: _meridian_sentiment_v1_ListFeedAnomaliesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_ListFeedAnomaliesResponse__Output>): grpc.ClientUnaryCall;
  listFeedAnomalies(argument: _meridian_sentiment_v1_ListFeedAnomaliesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_ListFeedAnomaliesResponse__Output>): grpc.ClientUnaryCall;
  listFeedAnomalies(argument: _meridian_sentiment_v1_ListFeedAnomaliesRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_ListFeedAnomaliesResponse__Output>): grpc.ClientUnaryCall;
  
  ListJobs(argument: _meridian_sentiment_v1_ListJobsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_ListJobsResponse__Output>): grpc.ClientUnaryCall;
  ListJobs(argument: _meridian_sentiment_v1_ListJobsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_ListJobsResponse__Output>): grpc.ClientUnaryCall;
  ListJobs(argument: _meridian_sentiment_v1_ListJobsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_ListJobsResponse__Output>): grpc.ClientUnaryCall;
  ListJobs(argument: _meridian_sentiment_v1_ListJobsRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_ListJobsResponse__Output>): grpc.ClientUnaryCall;
  listJobs(argument: _meridian_sentiment_v1_ListJobsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_ListJobsResponse__Output>): grpc.ClientUnaryCall;
  listJobs(argument: _meridian_sentiment_v1_ListJobsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_ListJobsResponse__Output>): grpc.ClientUnaryCall;
  listJobs(argument: _meridian_sentiment_v1_ListJobsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_ListJobsResponse__Output>): grpc.ClientUnaryCall;
  listJobs(argument: _meridian_sentiment_v1_ListJobsRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_ListJobsResponse__Output>): grpc.ClientUnaryCall;
  
  ListWebhookDeliveries(argument: _meridian_sentiment_v1_ListWebhookDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_ListWebhookDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListWebhookDeliveries(argument: _meridian_sentiment_v1_ListWebhookDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_ListWebhookDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListWebhookDeliveries(argument: _meridian_sentiment_v1_ListWebhookDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_ListWebhookDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListWebhookDeliveries(argument: _meridian_sentiment_v1_ListWebhookDeliveriesRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_ListWebhookDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listWebhookDeliveries(argument: _meridian_sentiment_v1_ListWebhookDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_ListWebhookDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listWebhookDeliveries(argument: _meridian_sentiment_v1_ListWebhookDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_ListWebhookDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listWebhookDeliveries(argument: _meridian_sentiment_v1_ListWebhookDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_ListWebhookDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listWebhookDeliveries(argument: _meridian_sentiment_v1_ListWebhookDeliveriesRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_ListWebhookDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  
  ListWebhooks(argument: _meridian_sentiment_v1_ListWebhooksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  ListWebhooks(argument: _meridian_sentiment_v1_ListWebhooksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  ListWebhooks(argument: _meridian_sentiment_v1_ListWebhooksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  ListWebhooks(argument: _meridian_sentiment_v1_ListWebhooksRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  listWebhooks(argument: _meridian_sentiment_v1_ListWebhooksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  listWebhooks(argument: _meridian_sentiment_v1_ListWebhooksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_sentiment_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  listWebhooks(argument: _meridian_sentiment_v1_ListWebhooksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_sentiment_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  listWebhooks(argument: _meridian_sentiment_v1_ListWebhooksRequest, callback: grpc.requestCallback<_meridian_sentiment_v1_ListWebhooksResponse__Output>): grpc.ClientUnaryCall;
  
  StreamAnalyses(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_meridian_sentiment_v1_StreamAnalysesRequest, _meridian_sentiment_v1_StreamAnalysesResponse__Output>;
  StreamAnalyses(options?: grpc.CallOptions): grpc.ClientDuplexStream<_meridian_sentiment_v1_StreamAnalysesRequest, _meridian_sentiment_v1_StreamAnalysesResponse__Output>;
  streamAnalyses(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_meridian_sentiment_v1_StreamAnalysesRequest, _meridian_sentiment_v1_StreamAnalysesResponse__Output>;
  streamAnalyses(options?: grpc.CallOptions): grpc.ClientDuplexStream<_meridian_sentiment_v1_StreamAnalysesRequest, _meridian_sentiment_v1_StreamAnalysesResponse__Output>;
  
}

export interface SentimentServiceHandlers extends grpc.UntypedServiceImplementation {
  AnalyzeText: grpc.handleUnaryCall<_meridian_sentiment_v1_AnalyzeTextRequest__Output, _meridian_sentiment_v1_AnalyzeTextResponse>;
  
  BatchAnalyzeTexts: grpc.handleUnaryCall<_meridian_sentiment_v1_BatchAnalyzeTextsRequest__Output, _meridian_sentiment_v1_BatchAnalyzeTextsResponse>;
  
  CancelJob: grpc.handleUnaryCall<_meridian_sentiment_v1_CancelJobRequest__Output, _meridian_sentiment_v1_CancelJobResponse>;
  
  CreateWebhook: grpc.handleUnaryCall<_meridian_sentiment_v1_CreateWebhookRequest__Output, _meridian_sentiment_v1_CreateWebhookResponse>;
  
  DeleteAnalysis: grpc.handleUnaryCall<_meridian_sentiment_v1_DeleteAnalysisRequest__Output, _meridian_sentiment_v1_DeleteAnalysisResponse>;
  
  DeleteFeed: grpc.handleUnaryCall<_meridian_sentiment_v1_DeleteFeedRequest__Output, _meridian_sentiment_v1_DeleteFeedResponse>;
  
  DeleteJobResults: grpc.handleUnaryCall<_meridian_sentiment_v1_DeleteJobResultsRequest__Output, _meridian_sentiment_v1_DeleteJobResultsResponse>;
  
  DeleteWebhook: grpc.handleUnaryCall<_meridian_sentiment_v1_DeleteWebhookRequest__Output, _meridian_sentiment_v1_DeleteWebhookResponse>;
  
  GetAnalysis: grpc.handleUnaryCall<_meridian_sentiment_v1_GetAnalysisRequest__Output, _meridian_sentiment_v1_GetAnalysisResponse>;
  
  GetBatch: grpc.handleUnaryCall<_meridian_sentiment_v1_GetBatchRequest__Output, _meridian_sentiment_v1_GetBatchResponse>;
  
  GetFeedTrend: grpc.handleUnaryCall<_meridian_sentiment_v1_GetFeedTrendRequest__Output, _meridian_sentiment_v1_GetFeedTrendResponse>;
  
  GetJob: grpc.handleUnaryCall<_meridian_sentiment_v1_GetJobRequest__Output, _meridian_sentiment_v1_GetJobResponse>;
  
  GetSentimentMetrics: grpc.handleUnaryCall<_meridian_sentiment_v1_GetSentimentMetricsRequest__Output, _meridian_sentiment_v1_GetSentimentMetricsResponse>;
  
  GetWebhook: grpc.handleUnaryCall<_meridian_sentiment_v1_GetWebhookRequest__Output, _meridian_sentiment_v1_GetWebhookResponse>;
  
  ListFeedAnomalies: grpc.handleUnaryCall<_meridian_sentiment_v1_ListFeedAnomaliesRequest__Output, _meridian_sentiment_v1_ListFeedAnomaliesResponse>;
  
  ListJobs: grpc.handleUnaryCall<_meridian_sentiment_v1_ListJobsRequest__Output, _meridian_sentiment_v1_ListJobsResponse>;
  
  ListWebhookDeliveries: grpc.handleUnaryCall<_meridian_sentiment_v1_ListWebhookDeliveriesRequest__Output, _meridian_sentiment_v1_ListWebhookDeliveriesResponse>;
  
  ListWebhooks: grpc.handleUnaryCall<_meridian_sentiment_v1_ListWebhooksRequest__Output, _meridian_sentiment_v1_ListWebhooksResponse>;
  
  StreamAnalyses: grpc.handleBidiStreamingCall<_meridian_sentiment_v1_StreamAnalysesRequest__Output, _meridian_sentiment_v1_StreamAnalysesResponse>;
  
}

export interface SentimentServiceDefinition extends grpc.ServiceDefinition {
  AnalyzeText: MethodDefinition<_meridian_sentiment_v1_AnalyzeTextRequest, _meridian_sentiment_v1_AnalyzeTextResponse, _meridian_sentiment_v1_AnalyzeTextRequest__Output, _meridian_sentiment_v1_AnalyzeTextResponse__Output>
  BatchAnalyzeTexts: MethodDefinition<_meridian_sentiment_v1_BatchAnalyzeTextsRequest, _meridian_sentiment_v1_BatchAnalyzeTextsResponse, _meridian_sentiment_v1_BatchAnalyzeTextsRequest__Output, _meridian_sentiment_v1_BatchAnalyzeTextsResponse__Output>
  CancelJob: MethodDefinition<_meridian_sentiment_v1_CancelJobRequest, _meridian_sentiment_v1_CancelJobResponse, _meridian_sentiment_v1_CancelJobRequest__Output, _meridian_sentiment_v1_CancelJobResponse__Output>
  CreateWebhook: MethodDefinition<_meridian_sentiment_v1_CreateWebhookRequest, _meridian_sentiment_v1_CreateWebhookResponse, _meridian_sentiment_v1_CreateWebhookRequest__Output, _meridian_sentiment_v1_CreateWebhookResponse__Output>
  DeleteAnalysis: MethodDefinition<_meridian_sentiment_v1_DeleteAnalysisRequest, _meridian_sentiment_v1_DeleteAnalysisResponse, _meridian_sentiment_v1_DeleteAnalysisRequest__Output, _meridian_sentiment_v1_DeleteAnalysisResponse__Output>
  DeleteFeed: MethodDefinition<_meridian_sentiment_v1_DeleteFeedRequest, _meridian_sentiment_v1_DeleteFeedResponse, _meridian_sentiment_v1_DeleteFeedRequest__Output, _meridian_sentiment_v1_DeleteFeedResponse__Output>
  DeleteJobResults: MethodDefinition<_meridian_sentiment_v1_DeleteJobResultsRequest, _meridian_sentiment_v1_DeleteJobResultsResponse, _meridian_sentiment_v1_DeleteJobResultsRequest__Output, _meridian_sentiment_v1_DeleteJobResultsResponse__Output>
  DeleteWebhook: MethodDefinition<_meridian_sentiment_v1_DeleteWebhookRequest, _meridian_sentiment_v1_DeleteWebhookResponse, _meridian_sentiment_v1_DeleteWebhookRequest__Output, _meridian_sentiment_v1_DeleteWebhookResponse__Output>
  GetAnalysis: MethodDefinition<_meridian_sentiment_v1_GetAnalysisRequest, _meridian_sentiment_v1_GetAnalysisResponse, _meridian_sentiment_v1_GetAnalysisRequest__Output, _meridian_sentiment_v1_GetAnalysisResponse__Output>
  GetBatch: MethodDefinition<_meridian_sentiment_v1_GetBatchRequest, _meridian_sentiment_v1_GetBatchResponse, _meridian_sentiment_v1_GetBatchRequest__Output, _meridian_sentiment_v1_GetBatchResponse__Output>
  GetFeedTrend: MethodDefinition<_meridian_sentiment_v1_GetFeedTrendRequest, _meridian_sentiment_v1_GetFeedTrendResponse, _meridian_sentiment_v1_GetFeedTrendRequest__Output, _meridian_sentiment_v1_GetFeedTrendResponse__Output>
  GetJob: MethodDefinition<_meridian_sentiment_v1_GetJobRequest, _meridian_sentiment_v1_GetJobResponse, _meridian_sentiment_v1_GetJobRequest__Output, _meridian_sentiment_v1_GetJobResponse__Output>
  GetSentimentMetrics: MethodDefinition<_meridian_sentiment_v1_GetSentimentMetricsRequest, _meridian_sentiment_v1_GetSentimentMetricsResponse, _meridian_sentiment_v1_GetSentimentMetricsRequest__Output, _meridian_sentiment_v1_GetSentimentMetricsResponse__Output>
  GetWebhook: MethodDefinition<_meridian_sentiment_v1_GetWebhookRequest, _meridian_sentiment_v1_GetWebhookResponse, _meridian_sentiment_v1_GetWebhookRequest__Output, _meridian_sentiment_v1_GetWebhookResponse__Output>
  ListFeedAnomalies: MethodDefinition<_meridian_sentiment_v1_ListFeedAnomaliesRequest, _meridian_sentiment_v1_ListFeedAnomaliesResponse, _meridian_sentiment_v1_ListFeedAnomaliesRequest__Output, _meridian_sentiment_v1_ListFeedAnomaliesResponse__Output>
  ListJobs: MethodDefinition<_meridian_sentiment_v1_ListJobsRequest, _meridian_sentiment_v1_ListJobsResponse, _meridian_sentiment_v1_ListJobsRequest__Output, _meridian_sentiment_v1_ListJobsResponse__Output>
  ListWebhookDeliveries: MethodDefinition<_meridian_sentiment_v1_ListWebhookDeliveriesRequest, _meridian_sentiment_v1_ListWebhookDeliveriesResponse, _meridian_sentiment_v1_ListWebhookDeliveriesRequest__Output, _meridian_sentiment_v1_ListWebhookDeliveriesResponse__Output>
  ListWebhooks: MethodDefinition<_meridian_sentiment_v1_ListWebhooksRequest, _meridian_sentiment_v1_ListWebhooksResponse, _meridian_sentiment_v1_ListWebhooksRequest__Output, _meridian_sentiment_v1_ListWebhooksResponse__Output>
  StreamAnalyses: MethodDefinition<_meridian_sentiment_v1_StreamAnalysesRequest, _meridian_sentiment_v1_StreamAnalysesResponse, _meridian_sentiment_v1_StreamAnalysesRequest__Output, _meridian_sentiment_v1_StreamAnalysesResponse__Output>
}
