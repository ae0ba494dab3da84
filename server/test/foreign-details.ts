/**
 * Another customer's details as support replies carry them, for the redaction tests: street lines and
 * postal codes of sixteen countries, IBANs of six, payment cards as people type them, and order ids. Each
 * entry names the parts that must not reach a suggestion or an AI prompt.
 */
export interface ForeignDetail {
  where: string;
  text: string;
  secrets: string[];
}

export const ADDRESSES: ForeignDetail[] = [
  { where: 'Ireland', text: '12 Main Street, Cork T12 X70A', secrets: ['12 Main', 'T12 X70A', 'X70A'] },
  {
    where: 'United Kingdom',
    text: 'Flat 4, 221B Baker Street, London NW1 6XE',
    secrets: ['Flat 4', '221B', 'Baker', 'NW1 6XE'],
  },
  { where: 'Canada', text: '24 Sussex Drive, Ottawa ON K1M 1M4', secrets: ['24 Sussex', 'K1M 1M4'] },
  {
    where: 'Netherlands',
    text: 'Keizersgracht 123, 1015 CJ Amsterdam',
    secrets: ['Keizersgracht', '123', '1015 CJ'],
  },
  {
    where: 'Germany',
    text: 'Karl-Marx-Straße 12, 10115 Berlin',
    secrets: ['Karl-Marx-Straße', '10115'],
  },
  {
    where: 'United States',
    text: '1600 Pennsylvania Avenue NW, Washington, DC 20500-0003',
    secrets: ['1600', 'Pennsylvania', '20500', '0003'],
  },
  {
    where: 'Brazil',
    text: 'Av. Paulista, 1578, São Paulo - SP, 01310-200',
    secrets: ['Paulista', '1578', '01310-200', '01310'],
  },
  { where: 'Japan', text: '〒100-0001 東京都千代田区千代田1-1', secrets: ['100-0001', '千代田1-1'] },
  { where: 'India', text: '22 MG Road, Bengaluru 560 001', secrets: ['22 MG', '560 001'] },
  { where: 'France', text: '12 rue de la Paix, 75002 Paris', secrets: ['rue de la Paix', '75002'] },
  { where: 'Spain', text: 'Calle Mayor 5, 28013 Madrid', secrets: ['Calle Mayor', '28013'] },
  { where: 'Italy', text: 'Via Roma 10, 00184 Roma', secrets: ['Via Roma', '00184'] },
  {
    where: 'Poland',
    text: 'ul. Marszałkowska 10, 00-590 Warszawa',
    secrets: ['Marszałkowska', '00-590'],
  },
  {
    where: 'Sweden',
    text: 'Drottninggatan 5, 111 51 Stockholm',
    secrets: ['Drottninggatan', '111 51'],
  },
  { where: 'Portugal', text: 'Rua Augusta 100, 1100-053 Lisboa', secrets: ['Augusta', '1100-053'] },
  {
    where: 'Australia',
    text: 'Unit 3, 45 George Street, Sydney NSW 2000',
    secrets: ['Unit 3', '45 George', '2000'],
  },
];

export const ACCOUNTS: ForeignDetail[] = [
  { where: 'German IBAN', text: 'DE89 3704 0044 0532 0130 00', secrets: ['DE89', '3704', '0532'] },
  { where: 'British IBAN', text: 'GB29 NWBK 6016 1331 9268 19', secrets: ['GB29', 'NWBK', '9268'] },
  { where: 'French IBAN', text: 'FR14 2004 1010 0505 0001 3M02 606', secrets: ['FR14', '3M02', '0505'] },
  { where: 'Dutch IBAN', text: 'NL91ABNA0417164300', secrets: ['NL91', 'ABNA', '0417164300'] },
  { where: 'Irish IBAN', text: 'IE29 AIBK 9311 5212 3456 78', secrets: ['IE29', 'AIBK', '5212'] },
  { where: 'Spanish IBAN', text: 'ES91 2100 0418 4502 0005 1332', secrets: ['ES91', '4502', '1332'] },
  { where: 'Visa card', text: '4111 1111 1111 1111', secrets: ['4111', '1111'] },
  { where: 'Mastercard', text: '5500-0000-0000-0004', secrets: ['5500', '0004'] },
  { where: 'Amex card', text: '3782 822463 10005', secrets: ['3782', '822463', '10005'] },
  { where: 'order id', text: 'order #A-10442', secrets: ['10442'] },
  { where: 'order id', text: 'ORD-2026-00042', secrets: ['ORD-2026', '00042'] },
];

export const FOREIGN = [...ADDRESSES, ...ACCOUNTS];

/** Support text that holds no one's details: it must come through redaction unchanged. */
export const ORDINARY = [
  'We are open from 10:30 to 17:00 and answer within the hour.',
  'Delivery takes 3-5 days; a pack holds 2 lamps and 12 bulbs.',
  'The voucher is valid for 24 months, size 42 fits most feet, and the X200 model is in stock.',
  'Sent via DHL 3 times already, so please check the label: PS, the A4 sheet is inside.',
  'Unit tests of the app pass; restart it, then press Ctrl+C twice.',
  'The Rue and the Via models come in 3 colours.',
];
