/**
 * The renewal reminder e-mail's words in the six languages the app offers (issue 15): written in
 * the language the member last paid in (payments.language), English when none is stored.
 */
import type { TLanguageCode } from '../../../domain/constants';
import type { TRenewalReminderKind } from '../../../domain/membership-status';

export interface TReminderWords {
  subject: Record<TRenewalReminderKind, (orgName: string) => string>;
  greeting: (name: string) => string;
  lead: Record<TRenewalReminderKind, (plan: string, date: string) => string>;
  action: string;
  scope: (until: string) => string;
  ignore: string;
}

export const REMINDER_WORDS: Record<TLanguageCode, TReminderWords> = {
  en: {
    subject: {
      'before-30': (org) => `${org}: your membership ends in 30 days`,
      'before-7': (org) => `${org}: your membership ends in 7 days`,
      'after-7': (org) => `${org}: your membership has ended`,
    },
    greeting: (name) => `Dear ${name},`,
    lead: {
      'before-30': (plan, date) => `Your ${plan} membership ends on ${date}.`,
      'before-7': (plan, date) => `Your ${plan} membership ends in a week, on ${date}.`,
      'after-7': (plan, date) =>
        `Your ${plan} membership ended on ${date}. Renew it now to keep your member prices.`,
    },
    action: 'Renew your membership in one click (no password needed):',
    scope: (until) =>
      `This link renews this membership only, and works until ${until} or until the renewal is paid.`,
    ignore: 'If you have renewed already, please ignore this e-mail.',
  },
  zh: {
    subject: {
      'before-30': (org) => `${org}：您的会籍将在 30 天后到期`,
      'before-7': (org) => `${org}：您的会籍将在 7 天后到期`,
      'after-7': (org) => `${org}：您的会籍已到期`,
    },
    greeting: (name) => `${name}，您好：`,
    lead: {
      'before-30': (plan, date) => `您的 ${plan} 会籍将于 ${date} 到期。`,
      'before-7': (plan, date) => `您的 ${plan} 会籍将在一周后（${date}）到期。`,
      'after-7': (plan, date) => `您的 ${plan} 会籍已于 ${date} 到期。请立即续费以继续享受会员价。`,
    },
    action: '一键续费（无需密码）：',
    scope: (until) => `此链接仅用于续费此会籍，有效期至 ${until}，续费付款后即失效。`,
    ignore: '如果您已经续费，请忽略此邮件。',
  },
  es: {
    subject: {
      'before-30': (org) => `${org}: su membresía vence en 30 días`,
      'before-7': (org) => `${org}: su membresía vence en 7 días`,
      'after-7': (org) => `${org}: su membresía ha vencido`,
    },
    greeting: (name) => `Estimado/a ${name}:`,
    lead: {
      'before-30': (plan, date) => `Su membresía ${plan} vence el ${date}.`,
      'before-7': (plan, date) => `Su membresía ${plan} vence en una semana, el ${date}.`,
      'after-7': (plan, date) =>
        `Su membresía ${plan} venció el ${date}. Renuévela ahora para conservar los precios de socio.`,
    },
    action: 'Renueve su membresía con un clic (sin contraseña):',
    scope: (until) =>
      `Este enlace solo renueva esta membresía y es válido hasta el ${until} o hasta que se pague la renovación.`,
    ignore: 'Si ya la renovó, ignore este correo.',
  },
  ja: {
    subject: {
      'before-30': (org) => `${org}：会員資格の期限まであと30日です`,
      'before-7': (org) => `${org}：会員資格の期限まであと7日です`,
      'after-7': (org) => `${org}：会員資格の期限が切れました`,
    },
    greeting: (name) => `${name} 様`,
    lead: {
      'before-30': (plan, date) => `${plan} の会員資格は ${date} に終了します。`,
      'before-7': (plan, date) => `${plan} の会員資格は1週間後の ${date} に終了します。`,
      'after-7': (plan, date) =>
        `${plan} の会員資格は ${date} に終了しました。会員価格を引き続きご利用いただくには、今すぐ更新してください。`,
    },
    action: 'ワンクリックで会員資格を更新できます（パスワード不要）：',
    scope: (until) =>
      `このリンクはこの会員資格の更新専用で、${until} まで、または更新の支払いが完了するまで有効です。`,
    ignore: 'すでに更新済みの場合は、このメールを無視してください。',
  },
  de: {
    subject: {
      'before-30': (org) => `${org}: Ihre Mitgliedschaft endet in 30 Tagen`,
      'before-7': (org) => `${org}: Ihre Mitgliedschaft endet in 7 Tagen`,
      'after-7': (org) => `${org}: Ihre Mitgliedschaft ist abgelaufen`,
    },
    greeting: (name) => `Hallo ${name},`,
    lead: {
      'before-30': (plan, date) => `Ihre Mitgliedschaft ${plan} endet am ${date}.`,
      'before-7': (plan, date) => `Ihre Mitgliedschaft ${plan} endet in einer Woche, am ${date}.`,
      'after-7': (plan, date) =>
        `Ihre Mitgliedschaft ${plan} ist am ${date} abgelaufen. Verlängern Sie sie jetzt, um die Mitgliederpreise zu behalten.`,
    },
    action: 'Verlängern Sie Ihre Mitgliedschaft mit einem Klick (ohne Passwort):',
    scope: (until) =>
      `Dieser Link verlängert nur diese Mitgliedschaft und gilt bis ${until} oder bis die Verlängerung bezahlt ist.`,
    ignore: 'Wenn Sie bereits verlängert haben, ignorieren Sie diese E-Mail bitte.',
  },
  fr: {
    subject: {
      'before-30': (org) => `${org} : votre adhésion se termine dans 30 jours`,
      'before-7': (org) => `${org} : votre adhésion se termine dans 7 jours`,
      'after-7': (org) => `${org} : votre adhésion est arrivée à échéance`,
    },
    greeting: (name) => `Bonjour ${name},`,
    lead: {
      'before-30': (plan, date) => `Votre adhésion ${plan} se termine le ${date}.`,
      'before-7': (plan, date) => `Votre adhésion ${plan} se termine dans une semaine, le ${date}.`,
      'after-7': (plan, date) =>
        `Votre adhésion ${plan} s'est terminée le ${date}. Renouvelez-la maintenant pour garder les tarifs membres.`,
    },
    action: 'Renouvelez votre adhésion en un clic (sans mot de passe) :',
    scope: (until) =>
      `Ce lien renouvelle uniquement cette adhésion et reste valable jusqu'au ${until} ou jusqu'au paiement du renouvellement.`,
    ignore: 'Si vous avez déjà renouvelé, ignorez cet e-mail.',
  },
};
