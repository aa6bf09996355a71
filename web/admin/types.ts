/** Rows and answers of the admin API as the dashboard reads them (SPEC §3, §7). */

export type LicenseStatus = 'active' | 'expired' | 'other';
export type AppType = 'loopbot' | 'loopstream';

export type License = {
  id: number;
  license_key: string;
  email: string;
  app_type: AppType;
  status: LicenseStatus | string;
  expired_date: string;
  device_id: string | null;
  device_name: string | null;
  created_at?: string;
  last_seen_at?: string | null;
};

export type Loopstream = {
  id: number;
  package_type: string;
  customer_name: string;
  ip_server: string;
  expired_date: string;
};

export type Config = {
  id: number;
  config_key: string;
  config_value: string;
  description: string | null;
};

export type Prompt = {
  id: number;
  title: string;
  description: string | null;
  prompt_template: string | null;
  prompt_music: string | null;
  image_path: string | null;
  created_at: string;
};

export type Stats = {
  total_licenses: number;
  active_licenses: number;
  expired_licenses: number;
  activated_licenses: number;
};

/** Every answer carries `success`; failures add `error`. */
export type ApiAnswer = { success?: boolean; error?: string; message?: string; [field: string]: unknown };
