// The shell commands a guide tells its reader to type: every ```sh, ```bash and ```console block
// of a Markdown file, cut into simple commands as the shell would run them. Checked by
// doc-commands.unit.test.ts against package.json, the repository's files and known-commands.ts.

export interface DocCommand {
  file: string;
  /** the line of the block where the command starts */
  line: number;
  /** one simple command, its words as the shell splits them (quotes removed) */
  words: string[];
  /** the command as written, comments and line continuations removed */
  text: string;
  /** the block's text, for shell variables it sets and uses */
  block: string;
}

const SHELL_FENCE = /^```(sh|bash|console)\s*$/;

/** Every simple command in `markdown`'s shell blocks; a console block's commands are its `$ ` lines. */
export function docCommands(file: string, markdown: string): DocCommand[] {
  const lines = markdown.split('\n');
  const found: DocCommand[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = SHELL_FENCE.exec(lines[i]!);
    if (!fence) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end]!)) end++;
    if (end >= lines.length) throw new Error(`${file}:${i + 1}: a shell block with no closing fence`);
    const body = lines.slice(start, end);
    const block = body.join('\n');
    let joined = '';
    let at = 0;
    body.forEach((raw, k) => {
      let text = raw;
      if (fence[1] === 'console') {
        if (!text.startsWith('$ ') && !joined) return; // output
        if (!joined) text = text.slice(2);
      }
      if (!joined) at = start + k + 1;
      if (text.endsWith('\\')) {
        joined += `${text.slice(0, -1)} `;
        return;
      }
      for (const words of simpleCommands(joined + text)) found.push({ file, line: at, words, text: words.join(' '), block });
      joined = '';
    });
    i = end;
  }
  return found;
}

/**
 * A line of shell cut at `&&`, `||`, `;`, `|` and `&`, into words (quotes kept together and
 * removed), with its comment and its redirections dropped; `$(...)` substitutions become
 * commands of their own too.
 */
export function simpleCommands(line: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  const endWord = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length) commands.push(dropRedirections(words));
    words = [];
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'" || c === '"') {
      const close = line.indexOf(c, i + 1);
      if (close < 0) throw new Error(`unclosed quote in: ${line}`);
      const quoted = line.slice(i + 1, close);
      if (c === '"') commands.push(...substitutions(quoted));
      word += quoted;
      inWord = true;
      i = close;
    } else if (c === '$' && line[i + 1] === '(') {
      const close = matchingParen(line, i + 1);
      commands.push(...simpleCommands(line.slice(i + 2, close)));
      word += line.slice(i, close + 1);
      inWord = true;
      i = close;
    } else if (c === '#' && !inWord) {
      break;
    } else if (/\s/.test(c)) {
      endWord();
    } else if (c === ';' || c === '|' || (c === '&' && line[i - 1] !== '>' && line[i + 1] !== '>')) {
      if (line[i + 1] === c) i++;
      endCommand();
    } else {
      word += c;
      inWord = true;
    }
  }
  endCommand();
  return commands;
}

function substitutions(text: string): string[][] {
  const found: string[][] = [];
  for (let i = text.indexOf('$('); i >= 0; i = text.indexOf('$(', i + 1)) {
    found.push(...simpleCommands(text.slice(i + 2, matchingParen(text, i + 1))));
  }
  return found;
}

function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  throw new Error(`unclosed $( in: ${text}`);
}

/** `> file`, `>> file`, `2>&1`, `< file`: where output goes is not part of what is run. */
function dropRedirections(words: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (/^\d?(>>?|<)$/.test(w)) i++;
    else if (!/^\d?(>>?|<)/.test(w)) kept.push(w);
  }
  return kept;
}
