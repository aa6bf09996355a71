/** The Midtrans simulator's transactions and how Midtrans writes them in its answers and notifications. */

export type MidtransTransaction = {
  orderId: string;
  transactionId: string;
  amount: number;
  paymentType: string;
  transactionStatus: string;
  statusCode: string;
  transactionTime: string;
  expiryTime: string;
  settlementTime?: string;
  bank?: string;
  vaNumber?: string;
  qrString?: string;
  notificationUrl?: string;
};

/** Midtrans time: Jakarta (GMT+7), `yyyy-MM-dd HH:mm:ss`. */
export function jakarta(at: Date): string {
  const iso = new Date(at.getTime() + 7 * 3600_000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

const money = (amount: number): string => `${amount}.00`;

/** A transaction as Midtrans answers it (charge and status); `base` is the simulator's address. */
export function midtransView(item: MidtransTransaction, base: string): Record<string, unknown> {
  const body: Record<string, unknown> = {
    status_code: item.statusCode,
    status_message: item.statusCode === '201' ? 'Success, transaction is created' : 'Success, transaction is found',
    transaction_id: item.transactionId,
    order_id: item.orderId,
    merchant_id: 'G000000001',
    gross_amount: money(item.amount),
    currency: 'IDR',
    payment_type: item.paymentType,
    transaction_time: item.transactionTime,
    transaction_status: item.transactionStatus,
    fraud_status: 'accept',
    expiry_time: item.expiryTime,
  };
  if (item.settlementTime) body.settlement_time = item.settlementTime;
  if (item.qrString) body.qr_string = item.qrString;
  if (item.paymentType === 'qris') body.acquirer = 'gopay';
  if (item.bank === 'permata') body.permata_va_number = item.vaNumber;
  else if (item.bank) body.va_numbers = [{ bank: item.bank, va_number: item.vaNumber }];
  const tid = item.transactionId;
  if (item.paymentType === 'qris')
    body.actions = [{ name: 'generate-qr-code', method: 'GET', url: `${base}/v2/qris/${tid}/qr-code` }];
  if (item.paymentType === 'gopay')
    body.actions = [
      { name: 'generate-qr-code', method: 'GET', url: `${base}/v2/gopay/${tid}/qr-code` },
      {
        name: 'deeplink-redirect',
        method: 'GET',
        url: `gojek://gopay/merchanttransfer?tref=${tid}&amount=${item.amount}`,
      },
      { name: 'get-status', method: 'GET', url: `${base}/v2/${tid}/status` },
      { name: 'cancel', method: 'POST', url: `${base}/v2/${tid}/cancel` },
    ];
  if (item.paymentType === 'shopeepay')
    body.actions = [
      { name: 'deeplink-redirect', method: 'GET', url: `${base}/universal-link/wallet/pay?reference=${tid}` },
    ];
  return body;
}
