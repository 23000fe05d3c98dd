import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of each page, the items of a line joined by a space, one line per row. */
export async function pdfText(pdf: Buffer): Promise<{ pages: string[]; title: unknown }> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : ' ');
      }
      pages.push(text.replace(/ +/g, ' '));
    }
    const meta = await doc.getMetadata();
    return { pages, title: (meta.info as { Title?: unknown }).Title };
  } finally {
    await doc.destroy();
  }
}
