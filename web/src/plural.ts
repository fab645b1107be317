// The gettext plural rule ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : …);") as a
// function of n, by a small recursive-descent parser of the C-like expression grammar
// gettext uses: ?: || && == != < > <= >= + - * / % ! ( ) n and whole numbers. No eval
// and no new Function, so the page keeps working under a strict Content-Security-Policy.

export type PluralRule = (n: number) => number;

type Node = (n: number) => number;

const TOKEN = /\s*(\d+|n|\|\||&&|==|!=|<=|>=|[?:<>+\-*/%!()])/y;

/** Splits `text` into tokens; throws on anything that is not part of the grammar. */
function tokenize(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    TOKEN.lastIndex = at;
    const match = TOKEN.exec(text);
    if (match === null || match[1] === undefined) {
      throw new SyntaxError(`plural expression: unexpected text at ${at}: ${text.slice(at, at + 10)}`);
    }
    tokens.push(match[1]);
    at = TOKEN.lastIndex;
  }
  return tokens;
}

const BINARY_LEVELS: string[][] = [['||'], ['&&'], ['==', '!='], ['<', '>', '<=', '>='], ['+', '-'], ['*', '/', '%']];

function apply(operator: string, left: number, right: number): number {
  switch (operator) {
    case '||':
      return left !== 0 || right !== 0 ? 1 : 0;
    case '&&':
      return left !== 0 && right !== 0 ? 1 : 0;
    case '==':
      return left === right ? 1 : 0;
    case '!=':
      return left !== right ? 1 : 0;
    case '<':
      return left < right ? 1 : 0;
    case '>':
      return left > right ? 1 : 0;
    case '<=':
      return left <= right ? 1 : 0;
    case '>=':
      return left >= right ? 1 : 0;
    case '+':
      return left + right;
    case '-':
      return left - right;
    case '*':
      return left * right;
    case '/':
      // C integer division; a rule dividing by zero is broken: answer form 0
      return right === 0 ? 0 : Math.trunc(left / right);
    default:
      return right === 0 ? 0 : left % right;
  }
}

class Parser {
  private at = 0;
  constructor(private readonly tokens: string[]) {}

  parse(): Node {
    const node = this.ternary();
    if (this.at !== this.tokens.length) throw new SyntaxError(`plural expression: unexpected ${this.peek()}`);
    return node;
  }

  private peek(): string | undefined {
    return this.tokens[this.at];
  }

  private expect(token: string): void {
    if (this.tokens[this.at] !== token) throw new SyntaxError(`plural expression: expected ${token}`);
    this.at += 1;
  }

  private ternary(): Node {
    const condition = this.binary(0);
    if (this.peek() !== '?') return condition;
    this.at += 1;
    const yes = this.ternary();
    this.expect(':');
    const no = this.ternary();
    return (n) => (condition(n) !== 0 ? yes(n) : no(n));
  }

  private binary(level: number): Node {
    const operators = BINARY_LEVELS[level];
    if (operators === undefined) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const operator = this.peek();
      if (operator === undefined || !operators.includes(operator)) return left;
      this.at += 1;
      const right = this.binary(level + 1);
      const before = left;
      left = (n) => apply(operator, before(n), right(n));
    }
  }

  private unary(): Node {
    const token = this.peek();
    if (token === '!') {
      this.at += 1;
      const operand = this.unary();
      return (n) => (operand(n) === 0 ? 1 : 0);
    }
    if (token === '-') {
      this.at += 1;
      const operand = this.unary();
      return (n) => -operand(n);
    }
    return this.primary();
  }

  private primary(): Node {
    const token = this.peek();
    this.at += 1;
    if (token === 'n') return (n) => n;
    if (token === '(') {
      const inner = this.ternary();
      this.expect(')');
      return inner;
    }
    if (token !== undefined && /^\d+$/.test(token)) {
      const value = Number(token);
      return () => value;
    }
    throw new SyntaxError(`plural expression: unexpected ${token ?? 'end'}`);
  }
}

/** The rule a Plural-Forms header states; English's (n != 1) when it cannot be read. */
export function pluralRule(header: string): PluralRule {
  const nplurals = /nplurals\s*=\s*(\d+)/.exec(header);
  const plural = /plural\s*=\s*([^;]+)/.exec(header);
  const forms = nplurals?.[1] !== undefined ? Number(nplurals[1]) : 2;
  if (plural?.[1] === undefined) return (n) => (n !== 1 ? 1 : 0);
  let node: Node;
  try {
    node = new Parser(tokenize(plural[1])).parse();
  } catch {
    return (n) => (n !== 1 ? 1 : 0);
  }
  // never an index past the forms a catalog holds
  return (n) => {
    const index = node(Math.abs(Math.trunc(n)));
    return index >= 0 && index < forms ? index : 0;
  };
}
