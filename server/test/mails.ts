import { encode, wrap } from 'nodemailer/lib/qp';
import { PDF, PNG } from './files.ts';

/**
 * Raw RFC 5322 mails shaped as real clients write them (Gmail, Outlook, Apple Mail, Thunderbird, a form
 * mailer, Japanese clients), for the email tests to send over SMTP byte for byte.
 */

const crlf = (s: string) => s.replace(/\r?\n/g, '\r\n');
const qp = (s: string | Buffer) => wrap(encode(s), 76);
const b64 = (b: Buffer) => b.toString('base64').replace(/.{76}/g, '$&\r\n');

interface Head {
  from: string;
  to: string;
  subject: string;
  messageId: string;
  extra?: string;
}

const head = (h: Head, contentType: string) =>
  `From: ${h.from}\nTo: ${h.to}\nSubject: ${h.subject}\nDate: Tue, 24 Nov 2026 10:12:00 +0100\n` +
  `Message-ID: ${h.messageId}\nMIME-Version: 1.0\n${h.extra ?? ''}Content-Type: ${contentType}\n`;

/** A part: its headers and its already encoded body. */
const part = (headers: string, body: string) => `${headers}\n\n${body}\n`;

const multipart = (boundary: string, parts: string[]) =>
  `${parts.map((p) => `--${boundary}\n${p}`).join('')}--${boundary}--\n`;

const htmlPart = (html: string) =>
  part('Content-Type: text/html; charset="utf-8"\nContent-Transfer-Encoding: quoted-printable', qp(html));
const textPart = (text: string) =>
  part('Content-Type: text/plain; charset="UTF-8"\nContent-Transfer-Encoding: quoted-printable', qp(text));

/** A form mailer's notification: HTML only beside an attached PDF (multipart/mixed), with style and script. */
export function formMail(h: Head) {
  const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>New request</title>
<style>body{font-family:Arial} .x{color:#c00}</style><script>window.tracking = 'SCRIPT-CONTENT';</script></head>
<body><h2>New request from the contact form</h2>
<p>Hello support team,<br>my <b>order 10442</b> arrived with two problems:</p>
<ul><li>the lamp shade is cracked</li><li>the cable is missing</li></ul>
<p>Photos are in my <a href="https://share.example.net/album/77">shared album</a>; the invoice is attached.</p>
<table><tr><td><b>Phone</b></td><td>+34 612 345 678</td></tr><tr><td><b>Preferred time</b></td><td>after 10:30</td></tr></table>
</body></html>`;
  return crlf(
    head(h, 'multipart/mixed; boundary="mix-1"') +
      '\n' +
      multipart('mix-1', [
        htmlPart(html),
        part(
          'Content-Type: application/pdf; name="invoice.pdf"\nContent-Disposition: attachment; filename="invoice.pdf"\nContent-Transfer-Encoding: base64',
          b64(PDF),
        ),
      ]),
  );
}

/** Outlook (desktop) with a pasted screenshot: multipart/related, HTML only, the picture by `cid:`. */
export function outlookInlineImage(h: Head) {
  const html = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><style><!-- p.MsoNormal {margin:0cm;font-size:11.0pt;} --></style></head>
<body lang="EN-GB"><div class="WordSection1"><p class="MsoNormal">Hi,<o:p></o:p></p>
<p class="MsoNormal">The app shows this error when I pay:<o:p></o:p></p>
<p class="MsoNormal"><img width="320" height="200" id="Picture_x0020_1" src="cid:image001.png@01DB3E2A.5F1C2B30" alt="error screen"><o:p></o:p></p>
<p class="MsoNormal">Kind regards,<br>Sean<o:p></o:p></p></div></body></html>`;
  return crlf(
    head(h, 'multipart/related; boundary="rel-1"; type="text/html"') +
      '\n' +
      multipart('rel-1', [
        htmlPart(html),
        part(
          'Content-Type: image/png; name="image001.png"\nContent-Description: image001.png\nContent-Disposition: inline; filename="image001.png"\nContent-ID: <image001.png@01DB3E2A.5F1C2B30>\nContent-Transfer-Encoding: base64',
          b64(PNG),
        ),
      ]),
  );
}

/**
 * Apple Mail's reply with a pasted screenshot: multipart/alternative of a plain part (quoted with "> ") and
 * a multipart/related HTML part holding the picture by `cid:`.
 */
export function appleAlternativeWithPicture(h: Head) {
  const text =
    'Here is the screenshot of the error.\n\n[image: Screenshot.png]\n\n' +
    'On 24 Nov 2026, at 10:00, Shop Support <support@shop.test> wrote:\n\n> QUOTED-PLAIN: Could you send a screenshot?\n';
  const html =
    '<html><body style="overflow-wrap: break-word;"><div>Here is the screenshot of the <b>error</b>.</div><div><img src="cid:4E1F8D2A-7C1B@home" alt="Screenshot.png"></div><div><br><blockquote type="cite"><div>On 24 Nov 2026, at 10:00, Shop Support &lt;support@shop.test&gt; wrote:</div><div>QUOTED-HTML: Could you send a screenshot?</div></blockquote></div></body></html>';
  return crlf(
    head(h, 'multipart/alternative; boundary="Apple-Mail=_alt"') +
      '\n' +
      multipart('Apple-Mail=_alt', [
        textPart(text),
        `Content-Type: multipart/related; type="text/html"; boundary="Apple-Mail=_rel"\n\n${multipart(
          'Apple-Mail=_rel',
          [
            htmlPart(html),
            part(
              'Content-Type: image/png; name="Screenshot.png"\nContent-Disposition: inline; filename="Screenshot.png"\nContent-ID: <4E1F8D2A-7C1B@home>\nContent-Transfer-Encoding: base64',
              b64(PNG),
            ),
          ],
        )}`,
      ]),
  );
}

/** Quoted history as three clients wrap it, each sent as HTML alone (as webmail and ticket tools do). */
export const quotedReplies = {
  gmail: `<div dir="ltr">Die Lampe flackert immer noch.<div>Können Sie eine neue schicken?</div></div><br><div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">Am Di., 24. Nov. 2026 um 10:00 Uhr schrieb Shop Support &lt;<a href="mailto:support@shop.test">support@shop.test</a>&gt;:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">QUOTED-GMAIL: Bitte versuchen Sie eine andere Glühbirne.</blockquote></div>`,
  apple: `<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head><body style="overflow-wrap: break-word;"><div>The new bulb works, thanks!</div><div><br></div><div><br><blockquote type="cite"><div>On 24 Nov 2026, at 10:00, Shop Support &lt;support@shop.test&gt; wrote:</div><br class="Apple-interchange-newline"><div><div>QUOTED-APPLE: Please try another bulb.</div></div></blockquote></div><br></body></html>`,
  outlook: `<html><body><div style="font-family:Aptos,sans-serif">Thanks, that solved it.</div><div id="appendonsend"></div><hr style="display:inline-block;width:98%" tabindex="-1"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif" style="font-size:11pt"><b>From:</b> Shop Support &lt;support@shop.test&gt;<br><b>Sent:</b> Tuesday, November 24, 2026 10:00<br><b>To:</b> Sean Murphy &lt;sean@example.ie&gt;<br><b>Subject:</b> Re: Flickering lamp</font><div>&nbsp;</div></div><div>QUOTED-OUTLOOK: Please try another bulb.</div></body></html>`,
};

export function htmlOnly(h: Head, html: string) {
  return crlf(
    `${head(h, 'text/html; charset="utf-8"')}Content-Transfer-Encoding: quoted-printable\n\n${qp(html)}`,
  );
}

/** Gmail's forward: multipart/alternative, the plain part with its "Forwarded message" header block. */
export function gmailForward(h: Head) {
  const text =
    'Hi, see the courier’s message below. What should I do?\n\n' +
    '---------- Forwarded message ---------\nFrom: ParcelGo <noreply@parcelgo.example>\n' +
    'Date: Mon, 23 Nov 2026 at 18:02\nSubject: Delivery attempt failed\nTo: <ana@example.pt>\n\n\n' +
    'We could not deliver parcel PG-77812 today. It waits at the pickup point until Friday.\n';
  const html =
    '<div dir="ltr">Hi, see the courier’s message below. What should I do?<br><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">---------- Forwarded message ---------<br>From: <strong class="gmail_sendername" dir="auto">ParcelGo</strong> <span dir="auto">&lt;noreply@parcelgo.example&gt;</span><br>Date: Mon, 23 Nov 2026 at 18:02<br>Subject: Delivery attempt failed<br>To: &lt;ana@example.pt&gt;<br></div><br><br><p>We could not deliver parcel PG-77812 today. It waits at the pickup point until Friday.</p></div></div>';
  return crlf(
    head(h, 'multipart/alternative; boundary="alt-1"') +
      '\n' +
      multipart('alt-1', [textPart(text), htmlPart(html)]),
  );
}

/** Outlook's forward of a mail: HTML only, the same `divRplyFwdMsg` block a reply has, "FW:" subject. */
export const outlookForward = `<html><body><div>Forwarding the supplier's answer, please advise.</div><div id="appendonsend"></div><hr style="display:inline-block;width:98%" tabindex="-1"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif"><b>From:</b> Lamps Wholesale &lt;orders@lamps.example&gt;<br><b>Sent:</b> Monday, November 23, 2026 17:40<br><b>To:</b> Sean Murphy &lt;sean@example.ie&gt;<br><b>Subject:</b> Your enquiry</font><div>&nbsp;</div></div><div>The replacement shade ships next week.</div></body></html>`;

/** Text in a legacy charset, encoded by the sender's client: what a mail in `charset` carries. */
export function latin1Plain(h: Head) {
  // ISO-8859-1, quoted-printable: ñ is =F1, ó is =F3.
  return crlf(
    `${head(h, 'text/plain; charset="iso-8859-1"')}Content-Transfer-Encoding: quoted-printable\n\n` +
      'Hola, el pedido lleg=F3 da=F1ado.\nGracias, Se=F1ora G=F3mez\n',
  );
}

export function windows1252Html(h: Head) {
  // Windows-1252 quoted-printable from Outlook: =80 is €, =93/=94 curly quotes, =96 an en dash.
  return crlf(
    `${head(h, 'text/html; charset="windows-1252"')}Content-Transfer-Encoding: quoted-printable\n\n` +
      '<html><body><p class=3D"MsoNormal">I paid =8049 for the =93premium=94 plan =96 twice.</p></body></html>\n',
  );
}

export function iso2022jpPlain(h: Head) {
  // ISO-2022-JP is 7-bit: escape sequences switch between ASCII and JIS X 0208.
  return crlf(
    `${head(h, 'text/plain; charset="ISO-2022-JP"')}Content-Transfer-Encoding: 7bit\n\n` +
      "\x1b$BCmJ8$7$?>&IJ$,$^$@FO$-$^$;$s!#\x1b(B\n\x1b$B3NG'$r$*4j$$$7$^$9!#\x1b(B\n",
  );
}

export function shiftJisHtml(h: Head) {
  return crlf(
    `${head(h, 'text/html; charset="Shift_JIS"')}Content-Transfer-Encoding: base64\n\n` +
      'PGRpdj6SjZW2grWCvY+klWmCqoLcgr6TzYKrgtyCuYLxgUI8YnI+im2URoLwgqiK6IKigrWC3IK3gUI8L2Rpdj4=\n',
  );
}
