import type { Channel, ConversationStatus } from '@inbox/contract';

/** Demo people who write in threads (keys of demo.ts's PEOPLE). */
export type DemoAuthor = 'owner' | 'manager' | 'agent' | 'agent2';
export type DemoQueue = 'general' | 'returns' | 'vip' | 'invoices';

/** Minutes before the seeding moment, so the inbox looks alive whenever it is created. */
const m = (minutes: number) => minutes;
const h = (hours: number, minutes = 0) => hours * 60 + minutes;
const d = (days: number, hours = 0) => days * 24 * 60 + hours * 60;

export type DemoLine =
  | { ago: number; customer: string }
  | { ago: number; agent: DemoAuthor; text: string }
  | { ago: number; note: DemoAuthor; text: string }
  | { ago: number; auto: string };

export interface DemoThread {
  customer: keyof typeof DEMO_CUSTOMERS;
  app: 'store' | 'billing';
  queue: DemoQueue;
  channel: Channel;
  /** The state the thread ends in; it must agree with the lines (pending: an agent spoke last). */
  status: ConversationStatus;
  assignee?: DemoAuthor;
  /** Who assigned it, when not the assignee taking it. */
  assignedBy?: DemoAuthor;
  /**
   * A visitor typed the customer's email into the portal and has not proven it (decision 037); the other
   * demo threads stand for customers already known to the company.
   */
  unverified?: true;
  lines: DemoLine[];
}

export const DEMO_CUSTOMERS = {
  emma: { name: 'Emma Schmidt', email: 'emma.schmidt@example.com', phone: '+49 151 23456789' },
  liam: { name: "Liam O'Brien", email: 'liam.obrien@example.com', phone: null },
  sofia: { name: 'Sofia Rossi', email: 'sofia.rossi@example.com', phone: '+39 347 1234567' },
  noah: { name: 'Noah Williams', email: 'noah.williams@example.com', phone: null },
  mia: { name: 'Mia Johnson', email: 'mia.johnson@example.com', phone: null },
  lucas: { name: 'Lucas Martin', email: 'lucas.martin@northwind.example', phone: '+49 30 5550142' },
  grace: { name: 'Grace Chen', email: 'grace.chen@example.com', phone: null },
  daniel: { name: 'Daniel Kowalski', email: 'daniel.kowalski@example.com', phone: null },
  // Likely duplicates, so a new user sees suggestions on the customer pages: Noah's address with a +tag,
  // Lucas's phone written without its country code, and Sofia's name spelled another way at the same domain.
  noahTagged: { name: 'Noah W.', email: 'noah.williams+orders@example.com', phone: null },
  lucasLocal: { name: 'L. Martin', email: 'lmartin@post.example', phone: '030 5550142' },
  sophia: { name: 'Sophia Rossi', email: 'sophia.r@example.com', phone: null },
} as const;

const STORE_AUTO =
  'Thanks for contacting Acme Store! We have received your message and an agent will reply shortly.';

/** Fifteen conversations over the last days: open (some unassigned), pending, resolved and closed. */
export const DEMO_THREADS: DemoThread[] = [
  {
    customer: 'grace',
    app: 'store',
    queue: 'returns',
    channel: 'portal',
    status: 'resolved',
    assignee: 'agent2',
    lines: [
      { ago: d(5, 6), customer: "I returned order #10310 two weeks ago but haven't received my refund yet." },
      {
        ago: d(5, 5),
        agent: 'agent2',
        text: 'Hi Grace, I checked: the refund of 89.90 EUR was issued on Tuesday. Banks usually need 3-5 business days to show it on your statement.',
      },
      { ago: d(4, 2), customer: 'It arrived today, thanks for checking!' },
    ],
  },
  {
    customer: 'daniel',
    app: 'billing',
    queue: 'invoices',
    channel: 'portal',
    status: 'closed',
    assignee: 'agent',
    lines: [
      { ago: d(4, 8), customer: 'Where can I download my invoices as PDF?' },
      {
        ago: d(4, 7),
        agent: 'agent',
        text: 'Hi Daniel, go to Billing > Invoices and click "Download PDF" next to each invoice. Do you also need invoices older than 12 months?',
      },
    ],
  },
  {
    customer: 'emma',
    app: 'store',
    queue: 'general',
    channel: 'portal',
    status: 'resolved',
    assignee: 'agent',
    lines: [
      {
        ago: d(3, 4),
        customer: "How can I change the delivery address for order #10402? I'm moving next week.",
      },
      { ago: d(3, 4), auto: STORE_AUTO },
      {
        ago: d(3, 3),
        agent: 'agent',
        text: "Hi Emma, you can change it under Account > Orders > Edit address until the order ships. I've updated it to your new address in Leipzig for you this time.",
      },
      { ago: d(3, 3) - 12, customer: 'Perfect, thank you so much!' },
      { ago: d(3, 2), agent: 'agent', text: "You're welcome, Emma! Enjoy the new place." },
    ],
  },
  {
    customer: 'liam',
    app: 'billing',
    queue: 'invoices',
    channel: 'email',
    status: 'resolved',
    assignee: 'agent',
    lines: [
      { ago: d(2, 8), customer: 'Please update the VAT number on my invoices to IE6388047V.' },
      {
        ago: d(2, 7),
        agent: 'agent',
        text: "Done, Liam! Future invoices will show VAT number IE6388047V, and I've reissued your November invoice with it.",
      },
    ],
  },
  {
    customer: 'sofia',
    app: 'store',
    queue: 'returns',
    channel: 'portal',
    status: 'pending',
    assignee: 'agent2',
    lines: [
      {
        ago: d(2, 5),
        customer:
          "Hello, I'd like to return the trail running shoes from order #10391, they're half a size too small.",
      },
      { ago: d(2, 5), auto: STORE_AUTO },
      {
        ago: d(2, 4),
        agent: 'agent2',
        text: "Hi Sofia, no problem at all! I've emailed you a prepaid return label. Once the shoes reach our warehouse, the refund goes back to your card within 3-5 business days.",
      },
      {
        ago: d(2, 4) - 20,
        customer: 'Great! Could I exchange them for a size 39.5 instead of getting a refund?',
      },
      {
        ago: d(1, 23),
        agent: 'agent2',
        text: "Of course! I've reserved a pair in size 39.5 for you. Drop the parcel off with the label and we'll ship the new pair as soon as it's scanned.",
      },
    ],
  },
  {
    customer: 'mia',
    app: 'billing',
    queue: 'invoices',
    channel: 'portal',
    status: 'pending',
    assignee: 'agent',
    lines: [
      {
        ago: h(30),
        customer: 'Can I switch from the monthly plan to the annual plan? And do I keep my current discount?',
      },
      {
        ago: h(29),
        agent: 'agent',
        text: 'Hi Mia, yes you can! The annual plan costs 490 EUR, two months cheaper than paying monthly, and your 10% loyalty discount carries over. Shall I switch you at your next billing date, 1 December?',
      },
    ],
  },
  {
    customer: 'liam',
    app: 'store',
    queue: 'general',
    channel: 'portal',
    status: 'open',
    assignee: 'agent',
    lines: [
      { ago: h(27), customer: 'The blender I received today has a cracked jug. Order #10455.' },
      { ago: h(27), auto: STORE_AUTO },
      {
        ago: h(26),
        agent: 'agent',
        text: "Hi Liam, I'm really sorry about that! Could you send me a photo of the crack so I can arrange a replacement right away?",
      },
      {
        ago: h(5),
        customer:
          "Here you go, the crack runs along the handle. I'd prefer a replacement rather than a refund.",
      },
      {
        ago: h(4, 50),
        note: 'agent',
        text: 'Photo shows transit damage. Replacement approved per policy, no return needed. Waiting for the warehouse to confirm stock.',
      },
    ],
  },
  {
    customer: 'sofia',
    app: 'store',
    queue: 'general',
    channel: 'whatsapp',
    status: 'pending',
    assignee: 'agent2',
    lines: [
      { ago: h(20), customer: 'Hi! Is the espresso machine EM-300 back in stock?' },
      {
        ago: h(19),
        agent: 'agent2',
        text: "Hi Sofia, it's expected back next Thursday. I've added you to the notification list, so you get an email the moment it's available.",
      },
    ],
  },
  {
    customer: 'lucas',
    app: 'store',
    queue: 'vip',
    channel: 'web',
    status: 'open',
    assignee: 'agent',
    assignedBy: 'manager',
    lines: [
      {
        ago: h(6),
        customer:
          'Hi, this is Lucas from Northwind Traders. We need 40 ergonomic office chairs (ErgoPro 2) delivered to our Berlin office by 15 December. Can you offer a volume discount?',
      },
      {
        ago: h(5, 30),
        note: 'manager',
        text: 'Key account. Approve up to 12% for orders over 30 units, plus free delivery.',
      },
      {
        ago: h(5),
        agent: 'agent',
        text: 'Hi Lucas, thanks for thinking of us! For 40 ErgoPro 2 chairs I can offer 12% off and free delivery to Berlin. Delivery by 15 December works if we confirm the order this week.',
      },
      {
        ago: m(40),
        customer:
          'That sounds good. Could you send a formal quote with the VAT breakdown to our purchasing team?',
      },
    ],
  },
  {
    customer: 'noah',
    app: 'billing',
    queue: 'invoices',
    channel: 'email',
    status: 'open',
    lines: [
      {
        ago: h(3, 40),
        customer:
          'Hello, I was charged twice for invoice INV-2026-1187 (49.00 EUR each, on 18 and 19 November). Please refund the duplicate payment.',
      },
      { ago: h(3), customer: 'Both charges show the reference ACME-1187 on my bank statement.' },
    ],
  },
  {
    customer: 'emma',
    app: 'store',
    queue: 'general',
    channel: 'portal',
    status: 'open',
    lines: [
      {
        ago: h(2, 10),
        customer:
          "Hi, I ordered a standing desk last week (order #10482) and the tracking page hasn't changed since Friday. Is it still coming?",
      },
      { ago: h(2, 10), auto: STORE_AUTO },
      { ago: m(25), customer: 'Any news? I need the desk for my home office on Monday.' },
    ],
  },
  {
    customer: 'grace',
    app: 'store',
    queue: 'general',
    channel: 'portal',
    status: 'open',
    unverified: true,
    lines: [
      { ago: m(12), customer: 'Do you ship to Switzerland? And will I have to pay customs fees?' },
      { ago: m(12), auto: STORE_AUTO },
    ],
  },
  {
    customer: 'noahTagged',
    app: 'billing',
    queue: 'invoices',
    channel: 'email',
    status: 'open',
    lines: [{ ago: h(5), customer: 'I was charged twice for order ACME-1187. Who can help me with this?' }],
  },
  {
    customer: 'lucasLocal',
    app: 'store',
    queue: 'general',
    channel: 'sms',
    status: 'resolved',
    assignee: 'agent',
    lines: [
      { ago: d(6, 2), customer: 'Hello, can you call me back about my order?' },
      {
        ago: d(6, 1),
        agent: 'agent',
        text: 'Hi Lucas, we called you back this morning. Let us know if anything else comes up!',
      },
    ],
  },
  {
    customer: 'sophia',
    app: 'store',
    queue: 'returns',
    channel: 'portal',
    status: 'pending',
    assignee: 'agent2',
    lines: [
      { ago: h(30), customer: 'The sandals I ordered are too small. How do I send them back?' },
      {
        ago: h(29),
        agent: 'agent2',
        text: 'Hi Sophia, you can print the return label from your order page and drop the parcel at any post office.',
      },
    ],
  },
];
