/**
 * The payment gateways' settings from the environment, read once at start like api/config.ts
 * (same yes/no rule, one error listing every problem). Secrets stay here: never in the database or
 * the browser. A gateway whose keys are unset is off; the shop then sells as before (Lynk.id).
 */
import { flag, InvalidConfigError } from '../config';
import type { Problems } from '../config';

export type MidtransConfig = {
  serverKey: string;
  /** False: sandbox keys and host; every payment made then is a test payment. */
  production: boolean;
  /** Core API address without a trailing slash (`MIDTRANS_API_BASE`; tests point it at a simulator). */
  apiBase: string;
};

export type TripayConfig = {
  apiKey: string;
  privateKey: string;
  merchantCode: string;
  production: boolean;
  /** API address including its path, without a trailing slash (`TRIPAY_API_BASE`). */
  apiBase: string;
};

export type PaymentConfig = { midtrans: MidtransConfig | undefined; tripay: TripayConfig | undefined };

/** The documented hosts; only the defaults, overridden by *_API_BASE. */
export const MIDTRANS_HOSTS = { sandbox: 'https://api.sandbox.midtrans.com', production: 'https://api.midtrans.com' };
export const TRIPAY_HOSTS = { sandbox: 'https://tripay.co.id/api-sandbox', production: 'https://tripay.co.id/api' };

const text = (env: NodeJS.ProcessEnv, name: string): string | undefined => env[name]?.trim() || undefined;

/** An http(s) address with no user, query or fragment: a path is kept (Tripay's base has one). */
function apiBase(env: NodeJS.ProcessEnv, name: string, fallback: string, problems: Problems): string {
  const value = text(env, name);
  if (value === undefined) return fallback;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password || /[?#]/.test(value)) {
    problems.push(`${name} must be an http:// or https:// address without user, query or fragment (got "${value}")`);
    return fallback;
  }
  return url.href.replace(/\/+$/, '');
}

function midtransConfig(env: NodeJS.ProcessEnv, problems: Problems): MidtransConfig | undefined {
  const serverKey = text(env, 'MIDTRANS_SERVER_KEY');
  const production = flag(env, 'MIDTRANS_PRODUCTION', problems);
  if (!serverKey) return undefined;
  // Sandbox server keys start with SB-: with the other host every charge is refused as unauthorised.
  if (serverKey.startsWith('SB-') === production)
    problems.push(
      production
        ? 'MIDTRANS_SERVER_KEY is a sandbox key (SB-...) but MIDTRANS_PRODUCTION=1: use the production key or MIDTRANS_PRODUCTION=0'
        : 'MIDTRANS_SERVER_KEY is a production key but MIDTRANS_PRODUCTION is not 1: use the sandbox key (SB-...) or MIDTRANS_PRODUCTION=1',
    );
  const hosts = MIDTRANS_HOSTS;
  return {
    serverKey,
    production,
    apiBase: apiBase(env, 'MIDTRANS_API_BASE', production ? hosts.production : hosts.sandbox, problems),
  };
}

function tripayConfig(env: NodeJS.ProcessEnv, problems: Problems): TripayConfig | undefined {
  const apiKey = text(env, 'TRIPAY_API_KEY');
  const privateKey = text(env, 'TRIPAY_PRIVATE_KEY');
  const merchantCode = text(env, 'TRIPAY_MERCHANT_CODE');
  const production = flag(env, 'TRIPAY_PRODUCTION', problems);
  if (!apiKey && !privateKey && !merchantCode) return undefined;
  if (!apiKey || !privateKey || !merchantCode) {
    problems.push('Tripay needs all three of TRIPAY_API_KEY, TRIPAY_PRIVATE_KEY and TRIPAY_MERCHANT_CODE');
    return undefined;
  }
  // Sandbox API keys start with DEV-; the other host refuses them.
  if (apiKey.startsWith('DEV-') === production)
    problems.push(
      production
        ? 'TRIPAY_API_KEY is a sandbox key (DEV-...) but TRIPAY_PRODUCTION=1'
        : 'TRIPAY_API_KEY is a production key but TRIPAY_PRODUCTION is not 1',
    );
  const hosts = TRIPAY_HOSTS;
  return {
    apiKey,
    privateKey,
    merchantCode,
    production,
    apiBase: apiBase(env, 'TRIPAY_API_BASE', production ? hosts.production : hosts.sandbox, problems),
  };
}

/** Reads every payment variable once; throws one error listing all bad ones. */
export function loadPaymentConfig(env: NodeJS.ProcessEnv = process.env): PaymentConfig {
  const problems: Problems = [];
  const config: PaymentConfig = { midtrans: midtransConfig(env, problems), tripay: tripayConfig(env, problems) };
  if (problems.length > 0) throw new InvalidConfigError('payment configuration', problems);
  return config;
}
