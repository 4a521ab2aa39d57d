import { describe, expect, it } from 'vitest';
import { bookingProblem, changeProblem, slotsOfDay, type CentreSlots } from './appointment-rules';
import { wallClock, zonedInstant } from './zoned-time';
import { afterCustomerReply, afterStaffReply, canReopen, feedbackStatus, STAFF_NEXT, ticketIdOf } from './ticket-rules';

const day = (open: string, close: string) => ({ open, close });
const jakarta: CentreSlots = {
  timezone: 'Asia/Jakarta',
  slotMinutes: 30,
  capacity: 2,
  services: ['repair', 'battery'],
  hours: {
    mon: day('09:00', '18:00'),
    tue: day('09:00', '18:00'),
    wed: day('09:00', '18:00'),
    thu: day('09:00', '18:00'),
    fri: day('09:00', '18:00'),
    sat: day('09:00', '14:00'),
    sun: null,
  },
};
const rules = { changeCutoffHours: 2, minLeadMinutes: 60, bookingHorizonDays: 30 };

describe('appointment rules', () => {
  it('slots are whole slots inside the local opening hours, none on a closed day', () => {
    const monday = slotsOfDay(jakarta, '2026-03-02');
    expect(monday).toHaveLength(18);
    expect(monday[0]!.start.toISOString()).toBe('2026-03-02T02:00:00.000Z'); // 09:00 WIB
    expect(monday.at(-1)!.end.toISOString()).toBe('2026-03-02T11:00:00.000Z'); // 18:00 WIB
    expect(slotsOfDay(jakarta, '2026-03-07')).toHaveLength(10); // Saturday 09-14
    expect(slotsOfDay(jakarta, '2026-03-08')).toEqual([]); // Sunday
    // A 45-minute slot does not spill past closing.
    // 12:45-13:30, the next would end 14:15;
    expect(
      slotsOfDay({ ...jakarta, slotMinutes: 45 }, '2026-03-07')
        .at(-1)!
        .end.toISOString(),
    ).toBe('2026-03-07T06:30:00.000Z');
  });

  it('local times survive a DST change (Berlin, last Sunday of March)', () => {
    expect(zonedInstant('2026-03-28', 9 * 60 + 30, 'Europe/Berlin').toISOString()).toBe('2026-03-28T08:30:00.000Z');
    expect(zonedInstant('2026-03-30', 9 * 60 + 30, 'Europe/Berlin').toISOString()).toBe('2026-03-30T07:30:00.000Z');
    expect(wallClock(new Date('2026-03-30T07:30:00Z'), 'Europe/Berlin')).toEqual({
      date: '2026-03-30',
      clock: '09:30',
      weekday: 'mon',
      minutes: 570,
    });
  });

  it('booking: the service, a real slot, not past, not inside the lead time, not beyond the horizon', () => {
    const now = new Date('2026-03-02T01:30:00Z'); // Monday 08:30 WIB
    const at = (date: string, clock: string) =>
      zonedInstant(date, Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3)), 'Asia/Jakarta');
    expect(bookingProblem(jakarta, rules, 'screen', at('2026-03-03', '10:00'), now)).toBe('service');
    expect(bookingProblem(jakarta, rules, 'repair', at('2026-03-03', '10:10'), now)).toBe('not_a_slot');
    expect(bookingProblem(jakarta, rules, 'repair', at('2026-03-08', '10:00'), now)).toBe('not_a_slot'); // Sunday
    expect(bookingProblem(jakarta, rules, 'repair', at('2026-02-27', '10:00'), now)).toBe('past');
    // 30 min ahead, lead 60
    expect(bookingProblem(jakarta, rules, 'repair', at('2026-03-02', '09:00'), now)).toBe('too_soon');
    expect(bookingProblem(jakarta, rules, 'repair', at('2026-03-02', '09:30'), now)).toBeNull();
    expect(bookingProblem(jakarta, rules, 'repair', at('2026-04-01', '10:00'), now)).toBeNull(); // day 30
    expect(bookingProblem(jakarta, rules, 'repair', at('2026-04-02', '10:00'), now)).toBe('too_far');
  });

  it('changes: not once begun, not inside the cut-off', () => {
    const now = new Date('2026-03-02T02:00:00Z');
    expect(changeProblem(new Date('2026-03-02T01:59:00Z'), rules, now)).toBe('past');
    expect(changeProblem(new Date('2026-03-02T03:59:00Z'), rules, now)).toBe('cutoff');
    expect(changeProblem(new Date('2026-03-02T04:00:00Z'), rules, now)).toBeNull();
  });
});

describe('ticket rules', () => {
  it('follows the booking states', () => {
    expect(afterStaffReply('open')).toBe('in_progress');
    expect(afterStaffReply('resolved')).toBe('resolved');
    expect(afterStaffReply('closed')).toBeNull();
    expect(afterCustomerReply('resolved')).toBe('reopened');
    expect(afterCustomerReply('in_progress')).toBe('in_progress');
    expect(afterCustomerReply('closed')).toBeNull();
    expect(feedbackStatus('resolved', true)).toBe('closed');
    expect(feedbackStatus('resolved', false)).toBe('not_solved');
    expect(feedbackStatus('in_progress', true)).toBeNull();
    expect(canReopen('open')).toBe(false);
    expect(canReopen('not_solved')).toBe(true);
    expect(STAFF_NEXT.closed).toEqual([]);
    expect(ticketIdOf('t8100000001')).toBe('8100000001');
    expect(ticketIdOf('8100000001; drop')).toBeNull();
  });
});
