export {
  type EphemeralMessage,
  FakeSlackApi,
  type FakeSlackUser,
  type OpenedView,
  type PostedMessage,
  type RecordedCall,
} from './fake-slack-api.js';
export {
  type DeliveryOptions,
  type InteractionResponse,
  messageEventBody,
  messageShortcutPayload,
  postSignedEvent,
  postSignedInteraction,
  slackSignature,
  viewSubmissionPayload,
} from './signed-delivery.js';
