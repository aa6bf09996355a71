import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DAY_MS } from '../../contract/rules/durations';
import { isReminderDue, reminderLeadMs, termDays } from './reminder-lead';

const plans = [
  { id: 'loopbot-1-bulan', duration_days: 30 },
  { id: 'loopbot-trial-4-hari', duration_days: 4 },
  { id: 'combo', duration_days: null },
];
const END = '2026-03-04T00:00:00.000Z';

test('termDays: the latest plan, else a free trial’s own length, else unknown', () => {
  const term = (plan_id: string | null, trial_since: string | null) =>
    termDays({ expired_date: END, plan_id, trial_since }, plans);
  assert.equal([term('loopbot-1-bulan', null), term('loopbot-trial-4-hari', '2026-03-01T00:00:00.000Z')], [30, 4]);
  assert.is(term(null, '2026-03-01T00:00:00.000Z'), 3);
  assert.equal([term(null, null), term('combo', null), term('gone', null)], [null, null, null]);
});

test('reminderLeadMs: 3 days for a month or more (or unknown), the day before for short terms, within the last third', () => {
  assert.equal(
    [null, 365, 30, 29, 4, 3, 2, 1].map((days) => reminderLeadMs(days) / DAY_MS),
    [3, 3, 3, 1, 1, 1, 2 / 3, 1 / 3],
  );
});

test('isReminderDue: a 3-day free trial is due only in its last day; never after its end', () => {
  const trial = { expired_date: END, plan_id: null, trial_since: '2026-03-01T00:00:00.000Z' };
  const at = (days: number) => Date.parse(trial.trial_since) + days * DAY_MS;
  assert.equal(
    [0, 1.9, 2.1, 3, 3.1].map((days) => isReminderDue(trial, plans, at(days))),
    [false, false, true, false, false],
  );
  const paid = { expired_date: END, plan_id: 'loopbot-1-bulan', trial_since: null };
  assert.is(isReminderDue(paid, plans, Date.parse(END) - 2.5 * DAY_MS), true);
});

test.run();
