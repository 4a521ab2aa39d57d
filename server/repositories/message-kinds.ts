/** What a message is about: the /user/message tabs and the notification preferences follow it. */
export type MessageKind = 'order' | 'service' | 'ticket' | 'review' | 'system';
export const MESSAGE_KINDS: readonly MessageKind[] = ['order', 'service', 'ticket', 'review', 'system'];
