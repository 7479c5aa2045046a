/**
 * The fixed words of the receipt e-mail in the six languages the app offers (issue 13): the
 * receipt is written in the language the buyer's browser used at checkout (payments.language).
 * Names, product names and what was bought stay as stored.
 */
import type { TLanguageCode } from '../../../domain/constants';

export interface TReceiptWords {
  title: string;
  subject: (orgName: string, transactionId: string) => string;
  paidBy: string;
  purchase: string;
  amountPaid: string;
  transactionId: string;
  date: string;
  doorCode: string;
  thanks: string;
  pdfAttached: string;
  /** The QR image's alternative text, then the sentence under it. */
  doorQrAlt: (code: string) => string;
  showAtDoor: string;
  /** An offline payment's line (issue 15): "Paid in cash" or the cheque with its number. */
  paymentMethod: string;
  cash: string;
  cheque: (number: string) => string;
}

export const RECEIPT_WORDS: Record<TLanguageCode, TReceiptWords> = {
  en: {
    title: 'Payment receipt',
    subject: (org, id) => `${org}: receipt for ${id}`,
    paidBy: 'Paid by',
    purchase: 'Purchase',
    amountPaid: 'Amount paid',
    transactionId: 'Transaction ID',
    date: 'Date',
    doorCode: 'Ticket code (show it at the door)',
    thanks: 'Thank you for supporting the association.',
    pdfAttached: 'A PDF copy of this receipt is attached.',
    doorQrAlt: (code) => `QR code of ticket ${code}`,
    showAtDoor: 'Show this code at the door; it is scanned to check you in.',
    paymentMethod: 'Payment method',
    cash: 'Cash',
    cheque: (n) => `Cheque no. ${n}`,
  },
  zh: {
    title: '付款收据',
    subject: (org, id) => `${org}：交易 ${id} 的收据`,
    paidBy: '付款人',
    purchase: '购买内容',
    amountPaid: '已付金额',
    transactionId: '交易编号',
    date: '日期',
    doorCode: '门票代码（入场时出示）',
    thanks: '感谢您对协会的支持。',
    pdfAttached: '附件为本收据的 PDF 副本。',
    doorQrAlt: (code) => `门票 ${code} 的二维码`,
    showAtDoor: '请在入口出示此二维码，扫描后即完成签到。',
    paymentMethod: '付款方式',
    cash: '现金',
    cheque: (n) => `支票（号码 ${n}）`,
  },
  es: {
    title: 'Recibo de pago',
    subject: (org, id) => `${org}: recibo de ${id}`,
    paidBy: 'Pagado por',
    purchase: 'Compra',
    amountPaid: 'Importe pagado',
    transactionId: 'ID de transacción',
    date: 'Fecha',
    doorCode: 'Código de entrada (muéstrelo en la puerta)',
    thanks: 'Gracias por apoyar a la asociación.',
    pdfAttached: 'Se adjunta una copia en PDF de este recibo.',
    doorQrAlt: (code) => `Código QR de la entrada ${code}`,
    showAtDoor: 'Muestre este código en la entrada; se escanea para registrar su llegada.',
    paymentMethod: 'Forma de pago',
    cash: 'Efectivo',
    cheque: (n) => `Cheque n.º ${n}`,
  },
  ja: {
    title: 'お支払いの領収書',
    subject: (org, id) => `${org}：${id} の領収書`,
    paidBy: 'お支払い者',
    purchase: 'ご購入内容',
    amountPaid: 'お支払い金額',
    transactionId: '取引ID',
    date: '日付',
    doorCode: 'チケットコード（入口で提示してください）',
    thanks: '協会へのご支援ありがとうございます。',
    pdfAttached: 'この領収書のPDFを添付しています。',
    doorQrAlt: (code) => `チケット ${code} のQRコード`,
    showAtDoor: '入口でこのコードをご提示ください。読み取りで受付が完了します。',
    paymentMethod: 'お支払い方法',
    cash: '現金',
    cheque: (n) => `小切手（番号 ${n}）`,
  },
  de: {
    title: 'Zahlungsbeleg',
    subject: (org, id) => `${org}: Beleg für ${id}`,
    paidBy: 'Bezahlt von',
    purchase: 'Kauf',
    amountPaid: 'Bezahlter Betrag',
    transactionId: 'Transaktions-ID',
    date: 'Datum',
    doorCode: 'Ticketcode (am Eingang vorzeigen)',
    thanks: 'Vielen Dank, dass Sie den Verein unterstützen.',
    pdfAttached: 'Eine PDF-Kopie dieses Belegs ist angehängt.',
    doorQrAlt: (code) => `QR-Code des Tickets ${code}`,
    showAtDoor: 'Zeigen Sie diesen Code am Eingang; er wird beim Einlass gescannt.',
    paymentMethod: 'Zahlungsart',
    cash: 'Bar',
    cheque: (n) => `Scheck Nr. ${n}`,
  },
  fr: {
    title: 'Reçu de paiement',
    subject: (org, id) => `${org} : reçu pour ${id}`,
    paidBy: 'Payé par',
    purchase: 'Achat',
    amountPaid: 'Montant payé',
    transactionId: 'ID de transaction',
    date: 'Date',
    doorCode: "Code du billet (à présenter à l'entrée)",
    thanks: "Merci de soutenir l'association.",
    pdfAttached: 'Une copie PDF de ce reçu est jointe.',
    doorQrAlt: (code) => `Code QR du billet ${code}`,
    showAtDoor: "Présentez ce code à l'entrée ; il est scanné pour enregistrer votre arrivée.",
    paymentMethod: 'Moyen de paiement',
    cash: 'Espèces',
    cheque: (n) => `Chèque n° ${n}`,
  },
};
