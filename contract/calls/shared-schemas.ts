/** The schemas the OpenAPI document names under `components.schemas`, wherever they appear. */
import type { TSchema } from '@sinclair/typebox';
import { Backup, BackupState } from './backups';
import { Insights } from './insights';
import { Lease, LicenseAnswer, LicenseCode, LicenseSummary, PublicKey, SignedPayload } from './license-answer';
import { License, LicenseEvent, Stats } from './licenses';
import { Loopstream } from './loopstreams';
import { MailMessage } from './mail';
import { Order, OrderItem, OrderLicense, OrderStats } from './orders';
import { Prompt, UploadErrorAnswer } from './prompts';
import { ErrorAnswer, MessageAnswer, OkAnswer } from './schema';
import { Setting } from './settings';
import { EarningsImage, Storefront, StorefrontContacts, StorefrontPlan, StorefrontVideos } from './storefront';
import { AccountHistoryEntry, AccountLicense, AccountLoopstream, AccountOrder } from './account-records';

/** Schemas named under `components.schemas`: wherever they appear, the document refers to them. */
export const SHARED_SCHEMAS: Record<string, TSchema> = {
  Insights,
  ErrorAnswer,
  OkAnswer,
  MessageAnswer,
  License,
  Stats,
  LicenseEvent,
  LicenseAnswer,
  LicenseCode,
  LicenseSummary,
  Lease,
  SignedPayload,
  PublicKey,
  Loopstream,
  Setting,
  Prompt,
  UploadErrorAnswer,
  Storefront,
  StorefrontPlan,
  StorefrontContacts,
  StorefrontVideos,
  EarningsImage,
  Order,
  OrderItem,
  OrderLicense,
  OrderStats,
  MailMessage,
  Backup,
  BackupState,
  AccountLicense,
  AccountLoopstream,
  AccountOrder,
  AccountHistoryEntry,
};
