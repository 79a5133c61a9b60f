export { enqueueMentionMails } from './mentions.service.ts';
