/* The stand-in's hosted pages (checkout, invoice) and Stripe's form encoding, for stripe-standin.ts. */

type Json = Record<string, unknown>;

const escape = (text: unknown) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}button,a.button{display:inline-block;min-height:44px;padding:.6rem 1.2rem;font-size:1rem;border-radius:.5rem;border:0;background:#3d3da8;color:#fff;text-decoration:none}a{color:#3d3da8}:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}</style></head>
<body><main>${body}</main></body></html>`;
}

/** The hosted checkout: the price, "Payer" (creates the subscription, sends the webhooks) and a way back. */
export function checkoutPage(session: Json, price: Json): string {
  const interval = (price.recurring as { interval: string }).interval === 'year' ? 'an' : 'mois';
  const action = `/checkout/${escape(session.id)}/pay`;
  const back = session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Annuler et revenir</a></p>` : '';
  return page(
    'Paiement — Stripe (stand-in de test)',
    `<h1>GlucoSuivi Premium</h1><p>Stand-in local de Stripe : aucun paiement réel.</p>
<p data-testid="standin-amount">${euros(price.unit_amount as number)} par ${interval}</p>
<form method="post" action="${action}"><button type="submit">Payer</button></form>${back}`,
  );
}

export function invoicePage(invoice: Json): string {
  return page(
    `Facture ${String(invoice.number)}`,
    `<h1>Facture ${escape(invoice.number)}</h1><p>${euros(invoice.total as number)} TTC — ${escape(invoice.status)}</p><p><a href="${escape(invoice.invoice_pdf)}">PDF</a></p>`,
  );
}

/**
 * Stripe's form encoding as the SDK writes it: `a=1&b[c]=2&d[0][e]=3` → {a:'1', b:{c:'2'},
 * d:{'0':{e:'3'}}} (indices stay object keys; callers read them as such).
 */
export function parseForm(text: string): Json {
  const root: Json = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const keys = name.split(/\[|\]\[|\]/).filter((key) => key !== '');
    let node = root;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) node[key] = value;
      else node = (node[key] ??= {}) as Json;
    });
  }
  return root;
}
