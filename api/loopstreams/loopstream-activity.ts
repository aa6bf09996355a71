/** The activity log entries of the admin's LoopStream record changes (docs/spec.md#activity-log). */
import type { LoopstreamExpiryChange, LoopstreamRow } from '../../data/loopstreams';
import { expirySummary, fieldChanges } from '../shared/change-summary';
import type { ActivityChange } from '../shared/activity-record';

/** The fields the owner sets (what create and update write). */
const fields = (row: LoopstreamRow) => ({
  customer_name: row.customer_name,
  package_type: row.package_type,
  ip_server: row.ip_server,
  expired_date: row.expired_date,
  buyer_email: row.buyer_email,
});

const about = (row: LoopstreamRow) => ({ objectType: 'loopstream' as const, objectId: String(row.id) });

export function loopstreamCreated(row: LoopstreamRow): ActivityChange {
  return {
    action: 'loopstream.created',
    ...about(row),
    summary: `${row.package_type} for ${row.customer_name} (${row.ip_server})`,
    before: null,
    after: fields(row),
  };
}

/** Undefined when the save changed nothing: no entry then. */
export function loopstreamUpdated(before: LoopstreamRow, after: LoopstreamRow): ActivityChange | undefined {
  const changes = fieldChanges(fields(before), fields(after));
  if (changes.summary === '') return undefined;
  return { action: 'loopstream.updated', ...about(after), ...changes };
}

export function loopstreamExtended(days: number, change: LoopstreamExpiryChange, zone: string): ActivityChange {
  return {
    action: 'loopstream.extended',
    ...about(change.loopstream),
    summary: `${expirySummary(change.old, change.new, zone)} (+${days} days)`,
    before: { expired_date: change.old },
    after: { expired_date: change.new },
  };
}

export function loopstreamDeleted(row: LoopstreamRow): ActivityChange {
  return {
    action: 'loopstream.deleted',
    ...about(row),
    summary: `${row.package_type} of ${row.customer_name} deleted`,
    before: fields(row),
    after: null,
  };
}
