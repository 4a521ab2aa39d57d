import { describe, expect, it } from 'vitest';
import { mailTopic } from './topics';
import { clubStanding } from '../../sites/club';

describe('mail topics', () => {
  it('security mails always go; order, service, ticket and review mails follow preferences; unknown kinds go', () => {
    for (const kind of ['password-reset', 'password-changed', 'sign-in-alert', 'register-verify', 'subscribe-confirm'])
      expect(mailTopic(kind)).toBe('security');
    expect(mailTopic('order-confirmation')).toBe('order');
    expect(mailTopic('payment-receipt')).toBe('order');
    expect(mailTopic('ticket-reply')).toBe('ticket');
    expect(mailTopic('aftersales-state')).toBe('service');
    expect(mailTopic('review-approved')).toBe('review');
    expect(mailTopic('newsletter')).toBe('marketing');
    expect(mailTopic('something-new')).toBe('security');
  });
});

describe('Mi Club levels', () => {
  it('follow the points earned, with what is missing to the next level', () => {
    expect(clubStanding(0)).toEqual({ level: 'member', next: { level: 'silver', missing: 2000 } });
    expect(clubStanding(1999)).toEqual({ level: 'member', next: { level: 'silver', missing: 1 } });
    expect(clubStanding(2000)).toEqual({ level: 'silver', next: { level: 'gold', missing: 8000 } });
    expect(clubStanding(29_999).level).toBe('gold');
    expect(clubStanding(30_000)).toEqual({ level: 'platinum', next: null });
  });
});
