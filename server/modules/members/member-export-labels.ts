/**
 * The member exports' headings in the languages the web app speaks (its catalogs live in the
 * browser bundle, so the server keeps this one small table). The language comes from `?lang=`,
 * else the first Accept-Language the table knows, else English.
 */
export const EXPORT_LANGUAGES = ['en', 'zh', 'es', 'ja', 'de', 'fr'] as const;
export type TExportLanguage = (typeof EXPORT_LANGUAGES)[number];

export const EXPORT_LABEL_KEYS = [
  'sno',
  'familyId',
  'firstName',
  'lastName',
  'name',
  'type',
  'email',
  'phone',
  'street',
  'city',
  'state',
  'zipcode',
  'address',
  'dateOfBirth',
  'validFrom',
  'validTo',
  'active',
  'gift',
  'yes',
  'no',
  'giftReceived',
  'giftNotReceived',
  'title',
  'total',
] as const;
export type TExportLabelKey = (typeof EXPORT_LABEL_KEYS)[number];

type TLabels = Record<TExportLabelKey, string>;

const LABELS: Record<TExportLanguage, TLabels> = {
  en: {
    sno: 'S.No',
    familyId: 'Family ID',
    firstName: 'First name',
    lastName: 'Last name',
    name: 'Name',
    type: 'Membership type',
    email: 'Email',
    phone: 'Phone',
    street: 'Street',
    city: 'City',
    state: 'State',
    zipcode: 'ZIP code',
    address: 'Address',
    dateOfBirth: 'Date of birth',
    validFrom: 'Valid from',
    validTo: 'Valid until',
    active: 'Active',
    gift: 'Gift',
    yes: 'Yes',
    no: 'No',
    giftReceived: 'Received',
    giftNotReceived: 'Not received',
    title: 'Members',
    total: 'Members: {count}',
  },
  zh: {
    sno: '序号',
    familyId: '家庭编号',
    firstName: '名',
    lastName: '姓',
    name: '姓名',
    type: '会员类型',
    email: '电子邮件',
    phone: '电话',
    street: '街道',
    city: '城市',
    state: '州',
    zipcode: '邮政编码',
    address: '地址',
    dateOfBirth: '出生日期',
    validFrom: '有效期起',
    validTo: '有效期至',
    active: '有效',
    gift: '礼品',
    yes: '是',
    no: '否',
    giftReceived: '已领取',
    giftNotReceived: '未领取',
    title: '会员',
    total: '会员数：{count}',
  },
  es: {
    sno: 'N.º',
    familyId: 'ID de familia',
    firstName: 'Nombre',
    lastName: 'Apellido',
    name: 'Nombre',
    type: 'Tipo de membresía',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    street: 'Calle',
    city: 'Ciudad',
    state: 'Estado',
    zipcode: 'Código postal',
    address: 'Dirección',
    dateOfBirth: 'Fecha de nacimiento',
    validFrom: 'Válida desde',
    validTo: 'Válida hasta',
    active: 'Activa',
    gift: 'Regalo',
    yes: 'Sí',
    no: 'No',
    giftReceived: 'Recibido',
    giftNotReceived: 'No recibido',
    title: 'Miembros',
    total: 'Miembros: {count}',
  },
  ja: {
    sno: '番号',
    familyId: '家族ID',
    firstName: '名',
    lastName: '姓',
    name: '氏名',
    type: '会員種別',
    email: 'メール',
    phone: '電話',
    street: '番地',
    city: '市区町村',
    state: '州',
    zipcode: '郵便番号',
    address: '住所',
    dateOfBirth: '生年月日',
    validFrom: '有効期間開始',
    validTo: '有効期限',
    active: '有効',
    gift: 'ギフト',
    yes: 'はい',
    no: 'いいえ',
    giftReceived: '受取済み',
    giftNotReceived: '未受取',
    title: '会員',
    total: '会員数：{count}',
  },
  de: {
    sno: 'Nr.',
    familyId: 'Familien-ID',
    firstName: 'Vorname',
    lastName: 'Nachname',
    name: 'Name',
    type: 'Mitgliedschaftsart',
    email: 'E-Mail',
    phone: 'Telefon',
    street: 'Straße',
    city: 'Ort',
    state: 'Bundesstaat',
    zipcode: 'PLZ',
    address: 'Adresse',
    dateOfBirth: 'Geburtsdatum',
    validFrom: 'Gültig ab',
    validTo: 'Gültig bis',
    active: 'Aktiv',
    gift: 'Geschenk',
    yes: 'Ja',
    no: 'Nein',
    giftReceived: 'Erhalten',
    giftNotReceived: 'Nicht erhalten',
    title: 'Mitglieder',
    total: 'Mitglieder: {count}',
  },
  fr: {
    sno: 'N°',
    familyId: 'ID famille',
    firstName: 'Prénom',
    lastName: 'Nom',
    name: 'Nom',
    type: "Type d'adhésion",
    email: 'E-mail',
    phone: 'Téléphone',
    street: 'Rue',
    city: 'Ville',
    state: 'État',
    zipcode: 'Code postal',
    address: 'Adresse',
    dateOfBirth: 'Date de naissance',
    validFrom: 'Valable du',
    validTo: "Valable jusqu'au",
    active: 'Active',
    gift: 'Cadeau',
    yes: 'Oui',
    no: 'Non',
    giftReceived: 'Reçu',
    giftNotReceived: 'Non reçu',
    title: 'Membres',
    total: 'Membres : {count}',
  },
};

const isExportLanguage = (value: string): value is TExportLanguage =>
  (EXPORT_LANGUAGES as readonly string[]).includes(value);

/** `?lang=` first, then Accept-Language in the caller's order (q-values honoured), then English. */
export function exportLanguage(
  lang: string | undefined,
  acceptLanguage: string | undefined,
): TExportLanguage {
  const primary = (tag: string) => tag.trim().toLowerCase().split('-')[0];
  if (lang && isExportLanguage(primary(lang))) return primary(lang) as TExportLanguage;
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: primary(tag), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (wanted.find((entry) => isExportLanguage(entry.tag))?.tag as TExportLanguage) ?? 'en';
}

export function exportLabels(language: TExportLanguage): TLabels {
  return LABELS[language];
}
