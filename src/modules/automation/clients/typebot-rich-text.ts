/**
 * Renders Typebot's rich text (Slate/Plate nodes) as WhatsApp text: *bold*, _italic_, ~strike~, one line per
 * paragraph. Unknown node types degrade to their plain text, so a new Typebot element never loses words.
 */

interface RichNode {
  type?: string;
  text?: string;
  url?: string;
  bold?: boolean;
  italic?: boolean;
  strikethrough?: boolean;
  children?: RichNode[];
}

/** Block elements: each starts a new line. */
const BLOCKS = new Set(['p', 'paragraph', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'li', 'lic', 'variable']);

/** Wraps text in a WhatsApp marker; the spaces at its edges stay outside, or WhatsApp would not format it. */
function mark(text: string, marker: string): string {
  const match = /^(\s*)(.*?)(\s*)$/s.exec(text);
  if (!match?.[2]) return text;
  return `${match[1]}${marker}${match[2]}${marker}${match[3]}`;
}

function renderLeaf(node: RichNode): string {
  let text = node.text ?? '';
  if (node.strikethrough) text = mark(text, '~');
  if (node.italic) text = mark(text, '_');
  if (node.bold) text = mark(text, '*');
  return text;
}

function renderInline(nodes: RichNode[]): string {
  return nodes.map((node) => renderNode(node)).join('');
}

function renderLink(node: RichNode): string {
  const label = renderInline(node.children ?? []);
  if (!node.url) return label;
  const plain = label.replace(/[*_~]/g, '').trim();
  return !plain || plain === node.url ? node.url : `${label} (${node.url})`;
}

function renderNode(node: RichNode): string {
  if (typeof node.text === 'string' && !node.children) return renderLeaf(node);
  if (node.type === 'a') return renderLink(node);
  const children = node.children ?? [];
  if (node.type === 'ul' || node.type === 'ol') {
    return children.map((item, index) => `${node.type === 'ol' ? `${index + 1}.` : '•'} ${renderNode(item)}`).join('\n');
  }
  // A block with block children (an inline variable holding paragraphs, a list item's content) keeps them on lines.
  if (children.some((child) => child.type !== undefined && BLOCKS.has(child.type))) return renderBlocks(children);
  return renderInline(children);
}

function renderBlocks(nodes: RichNode[]): string {
  return nodes.map((node) => renderNode(node)).join('\n');
}

export function renderRichText(richText: unknown): string {
  if (!Array.isArray(richText)) return '';
  return renderBlocks(richText as RichNode[]).trim();
}
