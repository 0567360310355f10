import type PDFKitDocument from 'pdfkit';
import type { Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import type { Handout } from '@glucosuivi/domain/resources/resources.schemas';
import { HANDOUT_TEXTS, handoutText, printable, type HandoutBlock } from './handouts.texts';

/**
 * A patient handout on one A4 page (more if its text ever outgrows it), drawn with pdfkit's
 * built-in Helvetica like the glucose report: WinAnsi, so every text goes through `printable`.
 * Nothing personal is printed: the same bytes serve everyone (resources.service caches them).
 */

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const COLORS = { text: '#1C2833', muted: '#5D6D7E', accent: '#1A5276', box: '#EAF2F8', boxLine: '#5DADE2' };
const BODY = { size: 11, lineGap: 2 };
const BULLET_INDENT = 14;
const BOX_PADDING = 10;

type Doc = InstanceType<typeof PDFKitDocument>;

/** Renders a handout in a language; resolves with the PDF's bytes. */
export async function renderHandout(handout: Handout, language: Language): Promise<Buffer> {
  const text = handoutText(handout, language);
  const common = HANDOUT_TEXTS[language].common;
  const p = (s: string) => printable(language, s);
  // pdfkit and its font metrics load with the first PDF drawn, not at every server start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang: language,
    displayTitle: true,
    info: { Title: p(text.title), Author: 'GlucoSuivi', Subject: p(common.kicker) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  doc.font('Helvetica').fontSize(9).fillColor(COLORS.muted).text(p(common.kicker), left, PAGE.margin, { width });
  doc.moveDown(0.3);
  doc.font('Helvetica-Bold').fontSize(20).fillColor(COLORS.accent).text(p(text.title), { width });
  const ruleY = doc.y + 4;
  doc.moveTo(left, ruleY).lineTo(left + width, ruleY).lineWidth(1).strokeColor(COLORS.boxLine).stroke();
  doc.y = ruleY + 10;
  doc.font('Helvetica').fontSize(11.5).fillColor(COLORS.text).text(p(text.intro), left, doc.y, { width, lineGap: BODY.lineGap });

  for (const block of text.blocks) drawBlock(doc, printableBlock(block, p), left, width);

  doc.moveDown(1);
  doc.font('Helvetica-Oblique').fontSize(8.5).fillColor(COLORS.muted).text(p(common.disclaimer), left, doc.y, { width });
  doc.end();
  return done;
}

function printableBlock(block: HandoutBlock, p: (s: string) => string): HandoutBlock {
  return {
    heading: p(block.heading),
    bullets: (block.bullets ?? []).map(p),
    paragraphs: (block.paragraphs ?? []).map(p),
    ...(block.boxed ? { boxed: true } : {}),
  };
}

/** A heading, its bullets, then its paragraphs; a boxed block sits on a tinted, framed background. */
function drawBlock(doc: Doc, block: HandoutBlock, left: number, fullWidth: number): void {
  const inset = block.boxed ? BOX_PADDING : 0;
  const x = left + inset;
  const width = fullWidth - 2 * inset;
  doc.moveDown(0.9);
  if (block.boxed) {
    const height = blockHeight(doc, block, width) + 2 * BOX_PADDING;
    // Starts on a new page when the box would be cut by the foot of this one.
    if (doc.y + height > PAGE.height - PAGE.margin) doc.addPage();
    doc.save();
    doc.rect(left, doc.y, fullWidth, height).fillAndStroke(COLORS.box, COLORS.boxLine);
    doc.restore();
    doc.y += BOX_PADDING;
  }
  doc.font('Helvetica-Bold').fontSize(13).fillColor(COLORS.accent).text(block.heading, x, doc.y, { width });
  doc.moveDown(0.25);
  doc.font('Helvetica').fontSize(BODY.size).fillColor(COLORS.text);
  for (const bullet of block.bullets ?? []) {
    const y = doc.y;
    doc.text('•', x + 2, y, { width: BULLET_INDENT, lineBreak: false });
    doc.text(bullet, x + BULLET_INDENT, y, { width: width - BULLET_INDENT, lineGap: BODY.lineGap });
    doc.moveDown(0.15);
  }
  for (const paragraph of block.paragraphs ?? []) {
    doc.text(paragraph, x, doc.y, { width, lineGap: BODY.lineGap });
    doc.moveDown(0.15);
  }
  if (block.boxed) doc.y += BOX_PADDING;
}

/** The height drawBlock's text takes inside a box of `width` (the same fonts, gaps and indents). */
function blockHeight(doc: Doc, block: HandoutBlock, width: number): number {
  doc.font('Helvetica-Bold').fontSize(13);
  let height = doc.heightOfString(block.heading, { width }) + doc.currentLineHeight(true) * 0.25;
  doc.font('Helvetica').fontSize(BODY.size);
  const gap = doc.currentLineHeight(true) * 0.15;
  for (const bullet of block.bullets ?? []) height += doc.heightOfString(bullet, { width: width - BULLET_INDENT, lineGap: BODY.lineGap }) + gap;
  for (const paragraph of block.paragraphs ?? []) height += doc.heightOfString(paragraph, { width, lineGap: BODY.lineGap }) + gap;
  return height;
}
