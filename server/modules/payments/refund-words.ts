/**
 * The fixed words of the refund e-mail in the six languages the app offers, like the receipt's
 * (receipt-words.ts): written in the language the buyer's browser used at checkout
 * (payments.language). The reason and what was bought stay as staff and the checkout wrote them.
 */
import type { TLanguageCode } from '../../../domain/constants';
import { PAYMENT_REFUNDED_NOTE } from '../../../domain/contracts/payments';

export interface TRefundWords {
  full: string;
  partial: string;
  subject: (orgName: string, transactionId: string) => string;
  purchase: string;
  amount: string;
  transactionId: string;
  why: string;
  card: string;
  /** For cash and cheques (the offline provider): the money is handed back, not sent to a card. */
  inHand: string;
}

export const REFUND_WORDS: Record<TLanguageCode, TRefundWords> = {
  en: {
    full: PAYMENT_REFUNDED_NOTE,
    partial: 'Part of your payment is refunded.',
    subject: (org, id) => `${org}: refund for ${id}`,
    purchase: 'Purchase',
    amount: 'Amount refunded',
    transactionId: 'Transaction ID',
    why: 'Why',
    card: 'The money goes back to the card you paid with; your bank may take a few days to show it.',
    inHand: 'The association gives the money back to you in hand, as you paid it.',
  },
  zh: {
    full: '您的付款已全额退款。',
    partial: '您的部分付款已退款。',
    subject: (org, id) => `${org}：交易 ${id} 的退款`,
    purchase: '购买内容',
    amount: '退款金额',
    transactionId: '交易编号',
    why: '原因',
    card: '款项将退回您付款所用的银行卡；银行可能需要几天才会显示。',
    inHand: '协会将按您的付款方式当面退还款项。',
  },
  es: {
    full: 'Su pago ha sido reembolsado.',
    partial: 'Se ha reembolsado parte de su pago.',
    subject: (org, id) => `${org}: reembolso de ${id}`,
    purchase: 'Compra',
    amount: 'Importe reembolsado',
    transactionId: 'ID de transacción',
    why: 'Motivo',
    card: 'El dinero vuelve a la tarjeta con la que pagó; su banco puede tardar unos días en mostrarlo.',
    inHand: 'La asociación le devuelve el dinero en mano, tal como lo pagó.',
  },
  fr: {
    full: 'Votre paiement est remboursé.',
    partial: 'Une partie de votre paiement est remboursée.',
    subject: (org, id) => `${org} : remboursement de ${id}`,
    purchase: 'Achat',
    amount: 'Montant remboursé',
    transactionId: 'ID de transaction',
    why: 'Motif',
    card: "L'argent revient sur la carte utilisée pour payer ; votre banque peut mettre quelques jours à l'afficher.",
    inHand: "L'association vous rend l'argent en main propre, comme vous l'avez payé.",
  },
  de: {
    full: 'Ihre Zahlung wurde erstattet.',
    partial: 'Ein Teil Ihrer Zahlung wurde erstattet.',
    subject: (org, id) => `${org}: Erstattung für ${id}`,
    purchase: 'Kauf',
    amount: 'Erstatteter Betrag',
    transactionId: 'Transaktions-ID',
    why: 'Grund',
    card: 'Das Geld geht auf die Karte zurück, mit der Sie bezahlt haben; Ihre Bank zeigt es eventuell erst nach einigen Tagen an.',
    inHand: 'Der Verein gibt Ihnen das Geld persönlich zurück, so wie Sie bezahlt haben.',
  },
  ja: {
    full: 'お支払いは返金されました。',
    partial: 'お支払いの一部が返金されました。',
    subject: (org, id) => `${org}：${id} の返金`,
    purchase: 'ご購入内容',
    amount: '返金額',
    transactionId: '取引 ID',
    why: '理由',
    card: 'お支払いに使われたカードに返金されます。銀行での反映には数日かかる場合があります。',
    inHand: 'お支払いいただいた方法で、協会から直接返金いたします。',
  },
};
