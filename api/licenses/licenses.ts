import { configValues } from '../../data/configs';
import { listLicenseEvents } from '../../data/license-events';
import { findLicensePage } from '../../data/license-page';
import {
  changeLicenseExpiry,
  createLicense,
  deleteLicense,
  findLicenseById,
  findLicenseByKey,
  licenseStats,
  listLicenses,
} from '../../data/licenses';
import type { LicenseRow } from '../../data/licenses';
import type { AppContext } from '../context';
import { addDays, formatDateTimeUtc, parseDateTime, parseDays } from '../common/date-time';
import { HttpError, idParam, readJson } from '../http/http';
import type { ApiRequest, Handler } from '../http/http';
import { generateLicenseKey, hashLicenseKey, normalizeLicenseKey } from './license-keys';
import { readAppType, readEmail } from '../common/admin-input';
import { licenseMessage, messageSettingKeys } from './license-message';
import { sendTextDownload } from '../http/text-download';

const LICENSE_PAGE_MAX = 100;
const SEARCH_MAX_LENGTH = 200;

type LicenseHandlers = {
  list: Handler;
  create: Handler;
  download: Handler;
  extend: Handler;
  shorten: Handler;
  remove: Handler;
  dashboard: Handler;
  events: Handler;
};

/** A query number clamped into [min, max]; missing or not a number gives `fallback`. */
function clampedInt(text: string | null, fallback: number, min: number, max: number): number {
  const value = text !== null && /^\s*-?\d{1,12}\s*$/.test(text) ? Number(text) : fallback;
  return Math.min(max, Math.max(min, value));
}

const notFound = (): HttpError => new HttpError(404, 'License not found');

function days(count: number): string {
  return count === 1 ? '1 day' : `${count} days`;
}

export function licenseHandlers(ctx: AppContext): LicenseHandlers {
  const { db } = ctx;
  const nowIso = (): string => ctx.now().toISOString();

  async function changeExpiry(req: ApiRequest, direction: 'extend' | 'shorten'): Promise<unknown> {
    const id = idParam(req);
    const count = parseDays((await readJson(req)).days);
    const now = nowIso();
    let fromNow = false;
    const change = await changeLicenseExpiry(
      db,
      id,
      (current: LicenseRow) => {
        if (direction === 'shorten') return addDays(current.expired_date, -count);
        // An expired licence gets its days counted from today, not from the past expiry.
        fromNow = current.expired_date <= now;
        return addDays(fromNow ? now : current.expired_date, count);
      },
      now,
      { change: direction, days: count },
    );
    if (!change) throw notFound();
    const newExpiry = `New expiry: ${formatDateTimeUtc(change.new)}`;
    const message =
      direction === 'extend'
        ? `License extended by ${days(count)}${fromNow ? ' from now (it had expired)' : ''}. ${newExpiry}`
        : `License shortened by ${days(count)}. ${newExpiry}${change.new <= now ? ' (the license is now expired)' : ''}`;
    return { success: true, message, license: change.license };
  }

  return {
    async list(req) {
      const now = nowIso();
      const { query } = req;
      if (!query.has('search') && !query.has('page') && !query.has('per_page')) {
        return { success: true, licenses: await listLicenses(db, now) };
      }
      const search = (query.get('search') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
      const perPage = clampedInt(query.get('per_page'), LICENSE_PAGE_MAX, 1, LICENSE_PAGE_MAX);
      const page = clampedInt(query.get('page'), 1, 1, 1_000_000_000);
      const result = await findLicensePage(db, { search, page, perPage, now });
      return { success: true, licenses: result.licenses, total: result.total, pages: result.pages, page, per_page: perPage };
    },

    async create(req) {
      const body = await readJson(req);
      const email = readEmail(body);
      const appType = readAppType(body);
      const expiredDate = parseDateTime(body.expired_date, 'expired_date');
      const license = await createLicense(
        db,
        () => {
          const key = generateLicenseKey(appType);
          return { license_key: key, key_sha256: hashLicenseKey(key), email, app_type: appType, expired_date: expiredDate };
        },
        nowIso(),
      );
      if (!license) throw new HttpError(503, 'Could not generate a unique license key, please try again');
      return { success: true, message: 'License created successfully!', license };
    },

    async download(req) {
      const key = normalizeLicenseKey(req.params.license_key ?? '');
      const license = key === '' ? undefined : await findLicenseByKey(db, key, hashLicenseKey(key), nowIso());
      if (!license) throw notFound();
      const settings = await configValues(db, messageSettingKeys(license.app_type));
      return sendTextDownload(req, `${license.license_key}.txt`, licenseMessage(license, settings));
    },

    extend: (req) => changeExpiry(req, 'extend'),
    shorten: (req) => changeExpiry(req, 'shorten'),

    async remove(req) {
      const deleted = await deleteLicense(db, idParam(req), nowIso());
      if (!deleted) throw notFound();
      return { success: true, message: 'License deleted successfully!' };
    },

    async dashboard() {
      return { success: true, stats: await licenseStats(db, nowIso()) };
    },

    async events(req) {
      const id = idParam(req);
      const rows = await listLicenseEvents(db, id);
      // A deleted licence keeps its audit trail; an id that never existed is not found.
      if (rows.length === 0 && !(await findLicenseById(db, id, nowIso()))) throw notFound();
      const events = rows.map((row) => ({ ...row, data: parseData(row.data) }));
      return { success: true, events };
    },
  };
}

function parseData(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
