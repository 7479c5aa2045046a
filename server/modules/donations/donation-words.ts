/**
 * The fixed words of donation receipts and yearly statements in the six languages the app offers:
 * a receipt fit for a tax deduction names the gift, its date, the non-profit's legal name and
 * registration number, the dedication, and states that nothing was given in exchange.
 */
import type { TLanguageCode } from '../../../domain/constants';

export interface TDonationWords {
  receiptTitle: string;
  receiptSubject: (orgName: string, transactionId: string) => string;
  statementTitle: (year: number) => string;
  statementSubject: (orgName: string, year: number) => string;
  statementIntro: (year: number) => string;
  donor: string;
  amount: string;
  dedication: string;
  date: string;
  transactionId: string;
  organisation: string;
  taxId: string;
  address: string;
  gift: (date: string) => string;
  total: string;
  /** The sentence a tax deduction needs. */
  noGoods: string;
  thanks: string;
  pdfAttached: string;
}

export const DONATION_WORDS: Record<TLanguageCode, TDonationWords> = {
  en: {
    receiptTitle: 'Donation receipt',
    receiptSubject: (org, id) => `${org}: donation receipt ${id}`,
    statementTitle: (year) => `Donation statement for ${year}`,
    statementSubject: (org, year) => `${org}: your donation statement for ${year}`,
    statementIntro: (year) => `Your confirmed donations in ${year}:`,
    donor: 'Donor',
    amount: 'Donation amount',
    dedication: 'Dedication',
    date: 'Date',
    transactionId: 'Transaction ID',
    organisation: 'Non-profit organization',
    taxId: 'Tax registration number (EIN)',
    address: 'Address',
    gift: (date) => `Donation of ${date}`,
    total: 'Total donated',
    noGoods: 'No goods or services were provided in exchange for this contribution.',
    thanks: 'Thank you for your generous gift. Please keep this receipt for your tax records.',
    pdfAttached: 'A PDF copy is attached.',
  },
  zh: {
    receiptTitle: '捐款收据',
    receiptSubject: (org, id) => `${org}：捐款收据 ${id}`,
    statementTitle: (year) => `${year} 年度捐款证明`,
    statementSubject: (org, year) => `${org}：您的 ${year} 年度捐款证明`,
    statementIntro: (year) => `您在 ${year} 年已确认的捐款：`,
    donor: '捐款人',
    amount: '捐款金额',
    dedication: '献词',
    date: '日期',
    transactionId: '交易编号',
    organisation: '非营利组织',
    taxId: '税务登记号 (EIN)',
    address: '地址',
    gift: (date) => `${date} 的捐款`,
    total: '捐款总额',
    noGoods: '本次捐款未获得任何商品或服务作为回报。',
    thanks: '感谢您的慷慨捐助。请妥善保存本收据以备报税之用。',
    pdfAttached: '附件为 PDF 副本。',
  },
  es: {
    receiptTitle: 'Recibo de donación',
    receiptSubject: (org, id) => `${org}: recibo de donación ${id}`,
    statementTitle: (year) => `Certificado de donaciones de ${year}`,
    statementSubject: (org, year) => `${org}: su certificado de donaciones de ${year}`,
    statementIntro: (year) => `Sus donaciones confirmadas en ${year}:`,
    donor: 'Donante',
    amount: 'Importe donado',
    dedication: 'Dedicatoria',
    date: 'Fecha',
    transactionId: 'ID de transacción',
    organisation: 'Organización sin fines de lucro',
    taxId: 'Número de identificación fiscal (EIN)',
    address: 'Dirección',
    gift: (date) => `Donación del ${date}`,
    total: 'Total donado',
    noGoods: 'No se entregaron bienes ni servicios a cambio de esta contribución.',
    thanks:
      'Gracias por su generoso donativo. Conserve este recibo para su declaración de impuestos.',
    pdfAttached: 'Se adjunta una copia en PDF.',
  },
  ja: {
    receiptTitle: '寄付金受領証明書',
    receiptSubject: (org, id) => `${org}：寄付金受領証明書 ${id}`,
    statementTitle: (year) => `${year}年 寄付金明細書`,
    statementSubject: (org, year) => `${org}：${year}年の寄付金明細書`,
    statementIntro: (year) => `${year}年に確認されたご寄付：`,
    donor: '寄付者',
    amount: '寄付金額',
    dedication: '献辞',
    date: '日付',
    transactionId: '取引ID',
    organisation: '非営利団体',
    taxId: '税務登録番号（EIN）',
    address: '住所',
    gift: (date) => `${date} のご寄付`,
    total: '寄付金合計',
    noGoods: 'このご寄付の見返りとして、物品やサービスは一切提供されていません。',
    thanks: '温かいご寄付をありがとうございます。税務申告のため、この証明書を保管してください。',
    pdfAttached: 'PDFのコピーを添付しています。',
  },
  de: {
    receiptTitle: 'Spendenquittung',
    receiptSubject: (org, id) => `${org}: Spendenquittung ${id}`,
    statementTitle: (year) => `Spendenbescheinigung für ${year}`,
    statementSubject: (org, year) => `${org}: Ihre Spendenbescheinigung für ${year}`,
    statementIntro: (year) => `Ihre bestätigten Spenden im Jahr ${year}:`,
    donor: 'Spender',
    amount: 'Spendenbetrag',
    dedication: 'Widmung',
    date: 'Datum',
    transactionId: 'Transaktions-ID',
    organisation: 'Gemeinnützige Organisation',
    taxId: 'Steuernummer (EIN)',
    address: 'Anschrift',
    gift: (date) => `Spende vom ${date}`,
    total: 'Gespendet insgesamt',
    noGoods: 'Für diese Zuwendung wurden keine Waren oder Leistungen erbracht.',
    thanks:
      'Vielen Dank für Ihre großzügige Spende. Bitte bewahren Sie diese Quittung für Ihre Steuerunterlagen auf.',
    pdfAttached: 'Eine PDF-Kopie ist angehängt.',
  },
  fr: {
    receiptTitle: 'Reçu de don',
    receiptSubject: (org, id) => `${org} : reçu de don ${id}`,
    statementTitle: (year) => `Relevé des dons ${year}`,
    statementSubject: (org, year) => `${org} : votre relevé des dons ${year}`,
    statementIntro: (year) => `Vos dons confirmés en ${year} :`,
    donor: 'Donateur',
    amount: 'Montant du don',
    dedication: 'Dédicace',
    date: 'Date',
    transactionId: 'ID de transaction',
    organisation: 'Organisme à but non lucratif',
    taxId: "Numéro d'enregistrement fiscal (EIN)",
    address: 'Adresse',
    gift: (date) => `Don du ${date}`,
    total: 'Total des dons',
    noGoods: "Aucun bien ni service n'a été fourni en échange de cette contribution.",
    thanks: 'Merci pour votre généreux don. Conservez ce reçu pour votre déclaration fiscale.',
    pdfAttached: 'Une copie PDF est jointe.',
  },
};
