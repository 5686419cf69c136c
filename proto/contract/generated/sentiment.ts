import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { CustomHttpPattern as _google_api_CustomHttpPattern, CustomHttpPattern__Output as _google_api_CustomHttpPattern__Output } from './google/api/CustomHttpPattern.js';
import type { Http as _google_api_Http, Http__Output as _google_api_Http__Output } from './google/api/Http.js';
import type { HttpRule as _google_api_HttpRule, HttpRule__Output as _google_api_HttpRule__Output } from './google/api/HttpRule.js';
import type { DescriptorProto as _google_protobuf_DescriptorProto, DescriptorProto__Output as _google_protobuf_DescriptorProto__Output } from './google/protobuf/DescriptorProto.js';
import type { EnumDescriptorProto as _google_protobuf_EnumDescriptorProto, EnumDescriptorProto__Output as _google_protobuf_EnumDescriptorProto__Output } from './google/protobuf/EnumDescriptorProto.js';
import type { EnumOptions as _google_protobuf_EnumOptions, EnumOptions__Output as _google_protobuf_EnumOptions__Output } from './google/protobuf/EnumOptions.js';
import type { EnumValueDescriptorProto as _google_protobuf_EnumValueDescriptorProto, EnumValueDescriptorProto__Output as _google_protobuf_EnumValueDescriptorProto__Output } from './google/protobuf/EnumValueDescriptorProto.js';
import type { EnumValueOptions as _google_protobuf_EnumValueOptions, EnumValueOptions__Output as _google_protobuf_EnumValueOptions__Output } from './google/protobuf/EnumValueOptions.js';
import type { ExtensionRangeOptions as _google_protobuf_ExtensionRangeOptions, ExtensionRangeOptions__Output as _google_protobuf_ExtensionRangeOptions__Output } from './google/protobuf/ExtensionRangeOptions.js';
import type { FeatureSet as _google_protobuf_FeatureSet, FeatureSet__Output as _google_protobuf_FeatureSet__Output } from './google/protobuf/FeatureSet.js';
import type { FeatureSetDefaults as _google_protobuf_FeatureSetDefaults, FeatureSetDefaults__Output as _google_protobuf_FeatureSetDefaults__Output } from './google/protobuf/FeatureSetDefaults.js';
import type { FieldDescriptorProto as _google_protobuf_FieldDescriptorProto, FieldDescriptorProto__Output as _google_protobuf_FieldDescriptorProto__Output } from './google/protobuf/FieldDescriptorProto.js';
import type { FieldOptions as _google_protobuf_FieldOptions, FieldOptions__Output as _google_protobuf_FieldOptions__Output } from './google/protobuf/FieldOptions.js';
import type { FileDescriptorProto as _google_protobuf_FileDescriptorProto, FileDescriptorProto__Output as _google_protobuf_FileDescriptorProto__Output } from './google/protobuf/FileDescriptorProto.js';
import type { FileDescriptorSet as _google_protobuf_FileDescriptorSet, FileDescriptorSet__Output as _google_protobuf_FileDescriptorSet__Output } from './google/protobuf/FileDescriptorSet.js';
import type { FileOptions as _google_protobuf_FileOptions, FileOptions__Output as _google_protobuf_FileOptions__Output } from './google/protobuf/FileOptions.js';
import type { GeneratedCodeInfo as _google_protobuf_GeneratedCodeInfo, GeneratedCodeInfo__Output as _google_protobuf_GeneratedCodeInfo__Output } from './google/protobuf/GeneratedCodeInfo.js';
import type { MessageOptions as _google_protobuf_MessageOptions, MessageOptions__Output as _google_protobuf_MessageOptions__Output } from './google/protobuf/MessageOptions.js';
import type { MethodDescriptorProto as _google_protobuf_MethodDescriptorProto, MethodDescriptorProto__Output as _google_protobuf_MethodDescriptorProto__Output } from './google/protobuf/MethodDescriptorProto.js';
import type { MethodOptions as _google_protobuf_MethodOptions, MethodOptions__Output as _google_protobuf_MethodOptions__Output } from './google/protobuf/MethodOptions.js';
import type { OneofDescriptorProto as _google_protobuf_OneofDescriptorProto, OneofDescriptorProto__Output as _google_protobuf_OneofDescriptorProto__Output } from './google/protobuf/OneofDescriptorProto.js';
import type { OneofOptions as _google_protobuf_OneofOptions, OneofOptions__Output as _google_protobuf_OneofOptions__Output } from './google/protobuf/OneofOptions.js';
import type { ServiceDescriptorProto as _google_protobuf_ServiceDescriptorProto, ServiceDescriptorProto__Output as _google_protobuf_ServiceDescriptorProto__Output } from './google/protobuf/ServiceDescriptorProto.js';
import type { ServiceOptions as _google_protobuf_ServiceOptions, ServiceOptions__Output as _google_protobuf_ServiceOptions__Output } from './google/protobuf/ServiceOptions.js';
import type { SourceCodeInfo as _google_protobuf_SourceCodeInfo, SourceCodeInfo__Output as _google_protobuf_SourceCodeInfo__Output } from './google/protobuf/SourceCodeInfo.js';
import type { UninterpretedOption as _google_protobuf_UninterpretedOption, UninterpretedOption__Output as _google_protobuf_UninterpretedOption__Output } from './google/protobuf/UninterpretedOption.js';
import type { AnswerCache as _meridian_api_v1_AnswerCache, AnswerCache__Output as _meridian_api_v1_AnswerCache__Output } from './meridian/api/v1/AnswerCache.js';
import type { HttpAccepted as _meridian_api_v1_HttpAccepted, HttpAccepted__Output as _meridian_api_v1_HttpAccepted__Output } from './meridian/api/v1/HttpAccepted.js';
import type { ListDefaults as _meridian_api_v1_ListDefaults, ListDefaults__Output as _meridian_api_v1_ListDefaults__Output } from './meridian/api/v1/ListDefaults.js';
import type { RestText as _meridian_api_v1_RestText, RestText__Output as _meridian_api_v1_RestText__Output } from './meridian/api/v1/RestText.js';
import type { Analysis as _meridian_sentiment_v1_Analysis, Analysis__Output as _meridian_sentiment_v1_Analysis__Output } from './meridian/sentiment/v1/Analysis.js';
import type { AnalyzeTextRequest as _meridian_sentiment_v1_AnalyzeTextRequest, AnalyzeTextRequest__Output as _meridian_sentiment_v1_AnalyzeTextRequest__Output } from './meridian/sentiment/v1/AnalyzeTextRequest.js';
import type { AnalyzeTextResponse as _meridian_sentiment_v1_AnalyzeTextResponse, AnalyzeTextResponse__Output as _meridian_sentiment_v1_AnalyzeTextResponse__Output } from './meridian/sentiment/v1/AnalyzeTextResponse.js';
import type { Batch as _meridian_sentiment_v1_Batch, Batch__Output as _meridian_sentiment_v1_Batch__Output } from './meridian/sentiment/v1/Batch.js';
import type { BatchAnalyzeTextItem as _meridian_sentiment_v1_BatchAnalyzeTextItem, BatchAnalyzeTextItem__Output as _meridian_sentiment_v1_BatchAnalyzeTextItem__Output } from './meridian/sentiment/v1/BatchAnalyzeTextItem.js';
import type { BatchAnalyzeTextsRequest as _meridian_sentiment_v1_BatchAnalyzeTextsRequest, BatchAnalyzeTextsRequest__Output as _meridian_sentiment_v1_BatchAnalyzeTextsRequest__Output } from './meridian/sentiment/v1/BatchAnalyzeTextsRequest.js';
import type { BatchAnalyzeTextsResponse as _meridian_sentiment_v1_BatchAnalyzeTextsResponse, BatchAnalyzeTextsResponse__Output as _meridian_sentiment_v1_BatchAnalyzeTextsResponse__Output } from './meridian/sentiment/v1/BatchAnalyzeTextsResponse.js';
import type { BatchCounts as _meridian_sentiment_v1_BatchCounts, BatchCounts__Output as _meridian_sentiment_v1_BatchCounts__Output } from './meridian/sentiment/v1/BatchCounts.js';
import type { BatchSubmitted as _meridian_sentiment_v1_BatchSubmitted, BatchSubmitted__Output as _meridian_sentiment_v1_BatchSubmitted__Output } from './meridian/sentiment/v1/BatchSubmitted.js';
import type { CancelJobRequest as _meridian_sentiment_v1_CancelJobRequest, CancelJobRequest__Output as _meridian_sentiment_v1_CancelJobRequest__Output } from './meridian/sentiment/v1/CancelJobRequest.js';
import type { CancelJobResponse as _meridian_sentiment_v1_CancelJobResponse, CancelJobResponse__Output as _meridian_sentiment_v1_CancelJobResponse__Output } from './meridian/sentiment/v1/CancelJobResponse.js';
import type { CreateWebhookRequest as _meridian_sentiment_v1_CreateWebhookRequest, CreateWebhookRequest__Output as _meridian_sentiment_v1_CreateWebhookRequest__Output } from './meridian/sentiment/v1/CreateWebhookRequest.js';
import type { CreateWebhookResponse as _meridian_sentiment_v1_CreateWebhookResponse, CreateWebhookResponse__Output as _meridian_sentiment_v1_CreateWebhookResponse__Output } from './meridian/sentiment/v1/CreateWebhookResponse.js';
import type { DeleteAnalysisRequest as _meridian_sentiment_v1_DeleteAnalysisRequest, DeleteAnalysisRequest__Output as _meridian_sentiment_v1_DeleteAnalysisRequest__Output } from './meridian/sentiment/v1/DeleteAnalysisRequest.js';
import type { DeleteAnalysisResponse as _meridian_sentiment_v1_DeleteAnalysisResponse, DeleteAnalysisResponse__Output as _meridian_sentiment_v1_DeleteAnalysisResponse__Output } from './meridian/sentiment/v1/DeleteAnalysisResponse.js';
import type { DeleteFeedRequest as _meridian_sentiment_v1_DeleteFeedRequest, DeleteFeedRequest__Output as _meridian_sentiment_v1_DeleteFeedRequest__Output } from './meridian/sentiment/v1/DeleteFeedRequest.js';
import type { DeleteFeedResponse as _meridian_sentiment_v1_DeleteFeedResponse, DeleteFeedResponse__Output as _meridian_sentiment_v1_DeleteFeedResponse__Output } from './meridian/sentiment/v1/DeleteFeedResponse.js';
import type { DeleteJobResultsRequest as _meridian_sentiment_v1_DeleteJobResultsRequest, DeleteJobResultsRequest__Output as _meridian_sentiment_v1_DeleteJobResultsRequest__Output } from './meridian/sentiment/v1/DeleteJobResultsRequest.js';
import type { DeleteJobResultsResponse as _meridian_sentiment_v1_DeleteJobResultsResponse, DeleteJobResultsResponse__Output as _meridian_sentiment_v1_DeleteJobResultsResponse__Output } from './meridian/sentiment/v1/DeleteJobResultsResponse.js';
import type { DeleteWebhookRequest as _meridian_sentiment_v1_DeleteWebhookRequest, DeleteWebhookRequest__Output as _meridian_sentiment_v1_DeleteWebhookRequest__Output } from './meridian/sentiment/v1/DeleteWebhookRequest.js';
import type { DeleteWebhookResponse as _meridian_sentiment_v1_DeleteWebhookResponse, DeleteWebhookResponse__Output as _meridian_sentiment_v1_DeleteWebhookResponse__Output } from './meridian/sentiment/v1/DeleteWebhookResponse.js';
import type { Deleted as _meridian_sentiment_v1_Deleted, Deleted__Output as _meridian_sentiment_v1_Deleted__Output } from './meridian/sentiment/v1/Deleted.js';
import type { DetectedLanguage as _meridian_sentiment_v1_DetectedLanguage, DetectedLanguage__Output as _meridian_sentiment_v1_DetectedLanguage__Output } from './meridian/sentiment/v1/DetectedLanguage.js';
import type { EmotionMean as _meridian_sentiment_v1_EmotionMean, EmotionMean__Output as _meridian_sentiment_v1_EmotionMean__Output } from './meridian/sentiment/v1/EmotionMean.js';
import type { EmotionScore as _meridian_sentiment_v1_EmotionScore, EmotionScore__Output as _meridian_sentiment_v1_EmotionScore__Output } from './meridian/sentiment/v1/EmotionScore.js';
import type { ErrorEntry as _meridian_sentiment_v1_ErrorEntry, ErrorEntry__Output as _meridian_sentiment_v1_ErrorEntry__Output } from './meridian/sentiment/v1/ErrorEntry.js';
import type { FeedAnomalies as _meridian_sentiment_v1_FeedAnomalies, FeedAnomalies__Output as _meridian_sentiment_v1_FeedAnomalies__Output } from './meridian/sentiment/v1/FeedAnomalies.js';
import type { FeedTrend as _meridian_sentiment_v1_FeedTrend, FeedTrend__Output as _meridian_sentiment_v1_FeedTrend__Output } from './meridian/sentiment/v1/FeedTrend.js';
import type { FeedWindow as _meridian_sentiment_v1_FeedWindow, FeedWindow__Output as _meridian_sentiment_v1_FeedWindow__Output } from './meridian/sentiment/v1/FeedWindow.js';
import type { GetAnalysisRequest as _meridian_sentiment_v1_GetAnalysisRequest, GetAnalysisRequest__Output as _meridian_sentiment_v1_GetAnalysisRequest__Output } from './meridian/sentiment/v1/GetAnalysisRequest.js';
import type { GetAnalysisResponse as _meridian_sentiment_v1_GetAnalysisResponse, GetAnalysisResponse__Output as _meridian_sentiment_v1_GetAnalysisResponse__Output } from './meridian/sentiment/v1/GetAnalysisResponse.js';
import type { GetBatchRequest as _meridian_sentiment_v1_GetBatchRequest, GetBatchRequest__Output as _meridian_sentiment_v1_GetBatchRequest__Output } from './meridian/sentiment/v1/GetBatchRequest.js';
import type { GetBatchResponse as _meridian_sentiment_v1_GetBatchResponse, GetBatchResponse__Output as _meridian_sentiment_v1_GetBatchResponse__Output } from './meridian/sentiment/v1/GetBatchResponse.js';
import type { GetFeedTrendRequest as _meridian_sentiment_v1_GetFeedTrendRequest, GetFeedTrendRequest__Output as _meridian_sentiment_v1_GetFeedTrendRequest__Output } from './meridian/sentiment/v1/GetFeedTrendRequest.js';
import type { GetFeedTrendResponse as _meridian_sentiment_v1_GetFeedTrendResponse, GetFeedTrendResponse__Output as _meridian_sentiment_v1_GetFeedTrendResponse__Output } from './meridian/sentiment/v1/GetFeedTrendResponse.js';
import type { GetJobRequest as _meridian_sentiment_v1_GetJobRequest, GetJobRequest__Output as _meridian_sentiment_v1_GetJobRequest__Output } from './meridian/sentiment/v1/GetJobRequest.js';
import type { GetJobResponse as _meridian_sentiment_v1_GetJobResponse, GetJobResponse__Output as _meridian_sentiment_v1_GetJobResponse__Output } from './meridian/sentiment/v1/GetJobResponse.js';
import type { GetSentimentMetricsRequest as _meridian_sentiment_v1_GetSentimentMetricsRequest, GetSentimentMetricsRequest__Output as _meridian_sentiment_v1_GetSentimentMetricsRequest__Output } from './meridian/sentiment/v1/GetSentimentMetricsRequest.js';
import type { GetSentimentMetricsResponse as _meridian_sentiment_v1_GetSentimentMetricsResponse, GetSentimentMetricsResponse__Output as _meridian_sentiment_v1_GetSentimentMetricsResponse__Output } from './meridian/sentiment/v1/GetSentimentMetricsResponse.js';
import type { GetWebhookRequest as _meridian_sentiment_v1_GetWebhookRequest, GetWebhookRequest__Output as _meridian_sentiment_v1_GetWebhookRequest__Output } from './meridian/sentiment/v1/GetWebhookRequest.js';
import type { GetWebhookResponse as _meridian_sentiment_v1_GetWebhookResponse, GetWebhookResponse__Output as _meridian_sentiment_v1_GetWebhookResponse__Output } from './meridian/sentiment/v1/GetWebhookResponse.js';
import type { ItemAnomaly as _meridian_sentiment_v1_ItemAnomaly, ItemAnomaly__Output as _meridian_sentiment_v1_ItemAnomaly__Output } from './meridian/sentiment/v1/ItemAnomaly.js';
import type { Job as _meridian_sentiment_v1_Job, Job__Output as _meridian_sentiment_v1_Job__Output } from './meridian/sentiment/v1/Job.js';
import type { ListFeedAnomaliesRequest as _meridian_sentiment_v1_ListFeedAnomaliesRequest, ListFeedAnomaliesRequest__Output as _meridian_sentiment_v1_ListFeedAnomaliesRequest__Output } from './meridian/sentiment/v1/ListFeedAnomaliesRequest.js';
import type { ListFeedAnomaliesResponse as _meridian_sentiment_v1_ListFeedAnomaliesResponse, ListFeedAnomaliesResponse__Output as _meridian_sentiment_v1_ListFeedAnomaliesResponse__Output } from './meridian/sentiment/v1/ListFeedAnomaliesResponse.js';
import type { ListJobsMetadata as _meridian_sentiment_v1_ListJobsMetadata, ListJobsMetadata__Output as _meridian_sentiment_v1_ListJobsMetadata__Output } from './meridian/sentiment/v1/ListJobsMetadata.js';
import type { ListJobsRequest as _meridian_sentiment_v1_ListJobsRequest, ListJobsRequest__Output as _meridian_sentiment_v1_ListJobsRequest__Output } from './meridian/sentiment/v1/ListJobsRequest.js';
import type { ListJobsResponse as _meridian_sentiment_v1_ListJobsResponse, ListJobsResponse__Output as _meridian_sentiment_v1_ListJobsResponse__Output } from './meridian/sentiment/v1/ListJobsResponse.js';
import type { ListWebhookDeliveriesRequest as _meridian_sentiment_v1_ListWebhookDeliveriesRequest, ListWebhookDeliveriesRequest__Output as _meridian_sentiment_v1_ListWebhookDeliveriesRequest__Output } from './meridian/sentiment/v1/ListWebhookDeliveriesRequest.js';
import type { ListWebhookDeliveriesResponse as _meridian_sentiment_v1_ListWebhookDeliveriesResponse, ListWebhookDeliveriesResponse__Output as _meridian_sentiment_v1_ListWebhookDeliveriesResponse__Output } from './meridian/sentiment/v1/ListWebhookDeliveriesResponse.js';
import type { ListWebhooksRequest as _meridian_sentiment_v1_ListWebhooksRequest, ListWebhooksRequest__Output as _meridian_sentiment_v1_ListWebhooksRequest__Output } from './meridian/sentiment/v1/ListWebhooksRequest.js';
import type { ListWebhooksResponse as _meridian_sentiment_v1_ListWebhooksResponse, ListWebhooksResponse__Output as _meridian_sentiment_v1_ListWebhooksResponse__Output } from './meridian/sentiment/v1/ListWebhooksResponse.js';
import type { SentimentCount as _meridian_sentiment_v1_SentimentCount, SentimentCount__Output as _meridian_sentiment_v1_SentimentCount__Output } from './meridian/sentiment/v1/SentimentCount.js';
import type { SentimentServiceClient as _meridian_sentiment_v1_SentimentServiceClient, SentimentServiceDefinition as _meridian_sentiment_v1_SentimentServiceDefinition } from './meridian/sentiment/v1/SentimentService.js';
import type { StreamAnalysesRequest as _meridian_sentiment_v1_StreamAnalysesRequest, StreamAnalysesRequest__Output as _meridian_sentiment_v1_StreamAnalysesRequest__Output } from './meridian/sentiment/v1/StreamAnalysesRequest.js';
import type { StreamAnalysesResponse as _meridian_sentiment_v1_StreamAnalysesResponse, StreamAnalysesResponse__Output as _meridian_sentiment_v1_StreamAnalysesResponse__Output } from './meridian/sentiment/v1/StreamAnalysesResponse.js';
import type { Webhook as _meridian_sentiment_v1_Webhook, Webhook__Output as _meridian_sentiment_v1_Webhook__Output } from './meridian/sentiment/v1/Webhook.js';
import type { WebhookAttempt as _meridian_sentiment_v1_WebhookAttempt, WebhookAttempt__Output as _meridian_sentiment_v1_WebhookAttempt__Output } from './meridian/sentiment/v1/WebhookAttempt.js';
import type { WebhookDeliveriesMetadata as _meridian_sentiment_v1_WebhookDeliveriesMetadata, WebhookDeliveriesMetadata__Output as _meridian_sentiment_v1_WebhookDeliveriesMetadata__Output } from './meridian/sentiment/v1/WebhookDeliveriesMetadata.js';
import type { WebhookDelivery as _meridian_sentiment_v1_WebhookDelivery, WebhookDelivery__Output as _meridian_sentiment_v1_WebhookDelivery__Output } from './meridian/sentiment/v1/WebhookDelivery.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  google: {
    api: {
      CustomHttpPattern: MessageTypeDefinition<_google_api_CustomHttpPattern, _google_api_CustomHttpPattern__Output>
      Http: MessageTypeDefinition<_google_api_Http, _google_api_Http__Output>
      HttpRule: MessageTypeDefinition<_google_api_HttpRule, _google_api_HttpRule__Output>
    }
    protobuf: {
      DescriptorProto: MessageTypeDefinition<_google_protobuf_DescriptorProto, _google_protobuf_DescriptorProto__Output>
      Edition: EnumTypeDefinition
      EnumDescriptorProto: MessageTypeDefinition<_google_protobuf_EnumDescriptorProto, _google_protobuf_EnumDescriptorProto__Output>
      EnumOptions: MessageTypeDefinition<_google_protobuf_EnumOptions, _google_protobuf_EnumOptions__Output>
      EnumValueDescriptorProto: MessageTypeDefinition<_google_protobuf_EnumValueDescriptorProto, _google_protobuf_EnumValueDescriptorProto__Output>
      EnumValueOptions: MessageTypeDefinition<_google_protobuf_EnumValueOptions, _google_protobuf_EnumValueOptions__Output>
      ExtensionRangeOptions: MessageTypeDefinition<_google_protobuf_ExtensionRangeOptions, _google_protobuf_ExtensionRangeOptions__Output>
      FeatureSet: MessageTypeDefinition<_google_protobuf_FeatureSet, _google_protobuf_FeatureSet__Output>
      FeatureSetDefaults: MessageTypeDefinition<_google_protobuf_FeatureSetDefaults, _google_protobuf_FeatureSetDefaults__Output>
      FieldDescriptorProto: MessageTypeDefinition<_google_protobuf_FieldDescriptorProto, _google_protobuf_FieldDescriptorProto__Output>
      FieldOptions: MessageTypeDefinition<_google_protobuf_FieldOptions, _google_protobuf_FieldOptions__Output>
      FileDescriptorProto: MessageTypeDefinition<_google_protobuf_FileDescriptorProto, _google_protobuf_FileDescriptorProto__Output>
      FileDescriptorSet: MessageTypeDefinition<_google_protobuf_FileDescriptorSet, _google_protobuf_FileDescriptorSet__Output>
      FileOptions: MessageTypeDefinition<_google_protobuf_FileOptions, _google_protobuf_FileOptions__Output>
      GeneratedCodeInfo: MessageTypeDefinition<_google_protobuf_GeneratedCodeInfo, _google_protobuf_GeneratedCodeInfo__Output>
      MessageOptions: MessageTypeDefinition<_google_protobuf_MessageOptions, _google_protobuf_MessageOptions__Output>
      MethodDescriptorProto: MessageTypeDefinition<_google_protobuf_MethodDescriptorProto, _google_protobuf_MethodDescriptorProto__Output>
      MethodOptions: MessageTypeDefinition<_google_protobuf_MethodOptions, _google_protobuf_MethodOptions__Output>
      OneofDescriptorProto: MessageTypeDefinition<_google_protobuf_OneofDescriptorProto, _google_protobuf_OneofDescriptorProto__Output>
      OneofOptions: MessageTypeDefinition<_google_protobuf_OneofOptions, _google_protobuf_OneofOptions__Output>
      ServiceDescriptorProto: MessageTypeDefinition<_google_protobuf_ServiceDescriptorProto, _google_protobuf_ServiceDescriptorProto__Output>
      ServiceOptions: MessageTypeDefinition<_google_protobuf_ServiceOptions, _google_protobuf_ServiceOptions__Output>
      SourceCodeInfo: MessageTypeDefinition<_google_protobuf_SourceCodeInfo, _google_protobuf_SourceCodeInfo__Output>
      SymbolVisibility: EnumTypeDefinition
      UninterpretedOption: MessageTypeDefinition<_google_protobuf_UninterpretedOption, _google_protobuf_UninterpretedOption__Output>
    }
  }
  meridian: {
    api: {
      v1: {
        AnswerCache: MessageTypeDefinition<_meridian_api_v1_AnswerCache, _meridian_api_v1_AnswerCache__Output>
        HttpAccepted: MessageTypeDefinition<_meridian_api_v1_HttpAccepted, _meridian_api_v1_HttpAccepted__Output>
        ListDefaults: MessageTypeDefinition<_meridian_api_v1_ListDefaults, _meridian_api_v1_ListDefaults__Output>
        RestText: MessageTypeDefinition<_meridian_api_v1_RestText, _meridian_api_v1_RestText__Output>
      }
    }
    sentiment: {
      v1: {
        Analysis: MessageTypeDefinition<_meridian_sentiment_v1_Analysis, _meridian_sentiment_v1_Analysis__Output>
        AnalyzeTextRequest: MessageTypeDefinition<_meridian_sentiment_v1_AnalyzeTextRequest, _meridian_sentiment_v1_AnalyzeTextRequest__Output>
        AnalyzeTextResponse: MessageTypeDefinition<_meridian_sentiment_v1_AnalyzeTextResponse, _meridian_sentiment_v1_AnalyzeTextResponse__Output>
        Batch: MessageTypeDefinition<_meridian_sentiment_v1_Batch, _meridian_sentiment_v1_Batch__Output>
        BatchAnalyzeTextItem: MessageTypeDefinition<_meridian_sentiment_v1_BatchAnalyzeTextItem, _meridian_sentiment_v1_BatchAnalyzeTextItem__Output>
        BatchAnalyzeTextsRequest: MessageTypeDefinition<_meridian_sentiment_v1_BatchAnalyzeTextsRequest, _meridian_sentiment_v1_BatchAnalyzeTextsRequest__Output>
        BatchAnalyzeTextsResponse: MessageTypeDefinition<_meridian_sentiment_v1_BatchAnalyzeTextsResponse, _meridian_sentiment_v1_BatchAnalyzeTextsResponse__Output>
        BatchCounts: MessageTypeDefinition<_meridian_sentiment_v1_BatchCounts, _meridian_sentiment_v1_BatchCounts__Output>
        BatchSubmitted: MessageTypeDefinition<_meridian_sentiment_v1_BatchSubmitted, _meridian_sentiment_v1_BatchSubmitted__Output>
        CancelJobRequest: MessageTypeDefinition<_meridian_sentiment_v1_CancelJobRequest, _meridian_sentiment_v1_CancelJobRequest__Output>
        CancelJobResponse: MessageTypeDefinition<_meridian_sentiment_v1_CancelJobResponse, _meridian_sentiment_v1_CancelJobResponse__Output>
        CreateWebhookRequest: MessageTypeDefinition<_meridian_sentiment_v1_CreateWebhookRequest, _meridian_sentiment_v1_CreateWebhookRequest__Output>
        CreateWebhookResponse: MessageTypeDefinition<_meridian_sentiment_v1_CreateWebhookResponse, _meridian_sentiment_v1_CreateWebhookResponse__Output>
        DeleteAnalysisRequest: MessageTypeDefinition<_meridian_sentiment_v1_DeleteAnalysisRequest, _meridian_sentiment_v1_DeleteAnalysisRequest__Output>
        DeleteAnalysisResponse: MessageTypeDefinition<_meridian_sentiment_v1_DeleteAnalysisResponse, _meridian_sentiment_v1_DeleteAnalysisResponse__Output>
        DeleteFeedRequest: MessageTypeDefinition<_meridian_sentiment_v1_DeleteFeedRequest, _meridian_sentiment_v1_DeleteFeedRequest__Output>
        DeleteFeedResponse: MessageTypeDefinition<_meridian_sentiment_v1_DeleteFeedResponse, _meridian_sentiment_v1_DeleteFeedResponse__Output>
        DeleteJobResultsRequest: MessageTypeDefinition<_meridian_sentiment_v1_DeleteJobResultsRequest, _meridian_sentiment_v1_DeleteJobResultsRequest__Output>
        DeleteJobResultsResponse: MessageTypeDefinition<_meridian_sentiment_v1_DeleteJobResultsResponse, _meridian_sentiment_v1_DeleteJobResultsResponse__Output>
        DeleteWebhookRequest: MessageTypeDefinition<_meridian_sentiment_v1_DeleteWebhookRequest, _meridian_sentiment_v1_DeleteWebhookRequest__Output>
        DeleteWebhookResponse: MessageTypeDefinition<_meridian_sentiment_v1_DeleteWebhookResponse, _meridian_sentiment_v1_DeleteWebhookResponse__Output>
        Deleted: MessageTypeDefinition<_meridian_sentiment_v1_Deleted, _meridian_sentiment_v1_Deleted__Output>
        DetectedLanguage: MessageTypeDefinition<_meridian_sentiment_v1_DetectedLanguage, _meridian_sentiment_v1_DetectedLanguage__Output>
        Domain: EnumTypeDefinition
        EmotionMean: MessageTypeDefinition<_meridian_sentiment_v1_EmotionMean, _meridian_sentiment_v1_EmotionMean__Output>
        EmotionScore: MessageTypeDefinition<_meridian_sentiment_v1_EmotionScore, _meridian_sentiment_v1_EmotionScore__Output>
        ErrorEntry: MessageTypeDefinition<_meridian_sentiment_v1_ErrorEntry, _meridian_sentiment_v1_ErrorEntry__Output>
        FeedAnomalies: MessageTypeDefinition<_meridian_sentiment_v1_FeedAnomalies, _meridian_sentiment_v1_FeedAnomalies__Output>
        FeedTrend: MessageTypeDefinition<_meridian_sentiment_v1_FeedTrend, _meridian_sentiment_v1_FeedTrend__Output>
        FeedWindow: MessageTypeDefinition<_meridian_sentiment_v1_FeedWindow, _meridian_sentiment_v1_FeedWindow__Output>
        GetAnalysisRequest: MessageTypeDefinition<_meridian_sentiment_v1_GetAnalysisRequest, _meridian_sentiment_v1_GetAnalysisRequest__Output>
        GetAnalysisResponse: MessageTypeDefinition<_meridian_sentiment_v1_GetAnalysisResponse, _meridian_sentiment_v1_GetAnalysisResponse__Output>
        GetBatchRequest: MessageTypeDefinition<_meridian_sentiment_v1_GetBatchRequest, _meridian_sentiment_v1_GetBatchRequest__Output>
        GetBatchResponse: MessageTypeDefinition<_meridian_sentiment_v1_GetBatchResponse, _meridian_sentiment_v1_GetBatchResponse__Output>
        GetFeedTrendRequest: MessageTypeDefinition<_meridian_sentiment_v1_GetFeedTrendRequest, _meridian_sentiment_v1_GetFeedTrendRequest__Output>
        GetFeedTrendResponse: MessageTypeDefinition<_meridian_sentiment_v1_GetFeedTrendResponse, _meridian_sentiment_v1_GetFeedTrendResponse__Output>
        GetJobRequest: MessageTypeDefinition<_meridian_sentiment_v1_GetJobRequest, _meridian_sentiment_v1_GetJobRequest__Output>
        GetJobResponse: MessageTypeDefinition<_meridian_sentiment_v1_GetJobResponse, _meridian_sentiment_v1_GetJobResponse__Output>
        GetSentimentMetricsRequest: MessageTypeDefinition<_meridian_sentiment_v1_GetSentimentMetricsRequest, _meridian_sentiment_v1_GetSentimentMetricsRequest__Output>
        GetSentimentMetricsResponse: MessageTypeDefinition<_meridian_sentiment_v1_GetSentimentMetricsResponse, _meridian_sentiment_v1_GetSentimentMetricsResponse__Output>
        GetWebhookRequest: MessageTypeDefinition<_meridian_sentiment_v1_GetWebhookRequest, _meridian_sentiment_v1_GetWebhookRequest__Output>
        GetWebhookResponse: MessageTypeDefinition<_meridian_sentiment_v1_GetWebhookResponse, _meridian_sentiment_v1_GetWebhookResponse__Output>
        ItemAnomaly: MessageTypeDefinition<_meridian_sentiment_v1_ItemAnomaly, _meridian_sentiment_v1_ItemAnomaly__Output>
        Job: MessageTypeDefinition<_meridian_sentiment_v1_Job, _meridian_sentiment_v1_Job__Output>
        JobStatus: EnumTypeDefinition
        ListFeedAnomaliesRequest: MessageTypeDefinition<_meridian_sentiment_v1_ListFeedAnomaliesRequest, _meridian_sentiment_v1_ListFeedAnomaliesRequest__Output>
        ListFeedAnomaliesResponse: MessageTypeDefinition<_meridian_sentiment_v1_ListFeedAnomaliesResponse, _meridian_sentiment_v1_ListFeedAnomaliesResponse__Output>
        ListJobsMetadata: MessageTypeDefinition<_meridian_sentiment_v1_ListJobsMetadata, _meridian_sentiment_v1_ListJobsMetadata__Output>
        ListJobsRequest: MessageTypeDefinition<_meridian_sentiment_v1_ListJobsRequest, _meridian_sentiment_v1_ListJobsRequest__Output>
        ListJobsResponse: MessageTypeDefinition<_meridian_sentiment_v1_ListJobsResponse, _meridian_sentiment_v1_ListJobsResponse__Output>
        ListWebhookDeliveriesRequest: MessageTypeDefinition<_meridian_sentiment_v1_ListWebhookDeliveriesRequest, _meridian_sentiment_v1_ListWebhookDeliveriesRequest__Output>
        ListWebhookDeliveriesResponse: MessageTypeDefinition<_meridian_sentiment_v1_ListWebhookDeliveriesResponse, _meridian_sentiment_v1_ListWebhookDeliveriesResponse__Output>
        ListWebhooksRequest: MessageTypeDefinition<_meridian_sentiment_v1_ListWebhooksRequest, _meridian_sentiment_v1_ListWebhooksRequest__Output>
        ListWebhooksResponse: MessageTypeDefinition<_meridian_sentiment_v1_ListWebhooksResponse, _meridian_sentiment_v1_ListWebhooksResponse__Output>
        SentimentCount: MessageTypeDefinition<_meridian_sentiment_v1_SentimentCount, _meridian_sentiment_v1_SentimentCount__Output>
        SentimentService: SubtypeConstructor<typeof grpc.Client, _meridian_sentiment_v1_SentimentServiceClient> & { service: _meridian_sentiment_v1_SentimentServiceDefinition }
        StreamAnalysesRequest: MessageTypeDefinition<_meridian_sentiment_v1_StreamAnalysesRequest, _meridian_sentiment_v1_StreamAnalysesRequest__Output>
        StreamAnalysesResponse: MessageTypeDefinition<_meridian_sentiment_v1_StreamAnalysesResponse, _meridian_sentiment_v1_StreamAnalysesResponse__Output>
        Webhook: MessageTypeDefinition<_meridian_sentiment_v1_Webhook, _meridian_sentiment_v1_Webhook__Output>
        WebhookAttempt: MessageTypeDefinition<_meridian_sentiment_v1_WebhookAttempt, _meridian_sentiment_v1_WebhookAttempt__Output>
        WebhookDeliveriesMetadata: MessageTypeDefinition<_meridian_sentiment_v1_WebhookDeliveriesMetadata, _meridian_sentiment_v1_WebhookDeliveriesMetadata__Output>
        WebhookDelivery: MessageTypeDefinition<_meridian_sentiment_v1_WebhookDelivery, _meridian_sentiment_v1_WebhookDelivery__Output>
      }
    }
  }
}

