import { describe, expect, it } from 'vitest';
import { displayFriendCode, FRIEND_CODE_ALPHABET, newFriendCode, normaliseFriendCode } from './code';
import { mailboxHash, mailboxOf } from './email-key';
import { rewardDueAt } from './reward-due';
import { friendName } from './messages';

const DAY = 86_400_000;

describe('friend codes: the pure rules', () => {
  it('draws 8 characters without 0/O, 1/I/L or U/V look-alikes, and reads them back however typed', () => {
    expect(FRIEND_CODE_ALPHABET).not.toMatch(/[01OILU]/);
    const codes = new Set(Array.from({ length: 2000 }, () => newFriendCode()));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    expect(normaliseFriendCode(' k7q3-p9xa ')).toBe('K7Q3P9XA');
    expect(normaliseFriendCode('K7Q3 P9XA')).toBe('K7Q3P9XA');
    expect(normaliseFriendCode('K7Q3P9X')).toBeNull();
    expect(normaliseFriendCode('K7Q3P9X0')).toBeNull();
    expect(normaliseFriendCode('')).toBeNull();
    expect(displayFriendCode('K7Q3P9XA')).toBe('K7Q3-P9XA');
  });

  it('compares mailboxes: case, +tags, and Gmail dots do not make another person', () => {
    expect(mailboxOf('J.Doe+shop@GoogleMail.com')).toBe('jdoe@gmail.com');
    expect(mailboxOf('j.doe@example.com')).toBe('j.doe@example.com');
    expect(mailboxHash('JDoe@gmail.com')).toBe(mailboxHash('j.d.o.e@googlemail.com'));
    expect(mailboxHash('a@example.com')).not.toBe(mailboxHash('b@example.com'));
    expect(mailboxHash('x@example.com')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('falls due when the return window of sites/returns.json ends: 14 days, 15 with a refurbished phone', () => {
    const at = new Date('2026-03-01T10:00:00Z');
    expect(rewardDueAt({ local: 'id', delivered_at: null, refurbished: false })).toBeNull();
    expect(rewardDueAt({ local: 'id', delivered_at: at, refurbished: false })?.getTime()).toBe(at.getTime() + 14 * DAY);
    expect(rewardDueAt({ local: 'de', delivered_at: at, refurbished: true })?.getTime()).toBe(at.getTime() + 15 * DAY);
    expect(rewardDueAt({ local: 'id', delivered_at: at, refurbished: false }, 5000)?.getTime()).toBe(
      at.getTime() + 5000,
    );
  });

  it('names a new shopper to their friend by the first character only', () => {
    expect(friendName('budi.santoso')).toBe('b***');
    expect(friendName('  Ágnes')).toBe('Á***');
    expect(friendName('')).toBe('***');
  });
});
