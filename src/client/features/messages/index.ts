// What the company portal's pages use of messages (decision 034).
export { ApplicationMessagesPanel } from './components/application-messages-panel.tsx';
export { EmailTemplatesCard } from './components/email-templates-card.tsx';
export {
  MessageChoice,
  messageReady,
  messageRequestOf,
  type MessageSelection,
  noMessage,
} from './components/message-choice.tsx';
export { type MoveMessage, MoveMessageSelect } from './components/move-message-select.tsx';
export { BulkMoveBar } from './components/bulk-move-bar.tsx';
