//! Integer expressions in one variable `k`, for move functions: `2*k`, `k^2 + 1`,
//! `max(1, 1000 - k)`, `if(k % 2 == 0, 2*k, k)`.
//!
//! Grammar, loosest binding first:
//!
//! ```text
//! or      := and ('||' and)*
//! and     := cmp ('&&' cmp)*
//! cmp     := sum (('<' | '<=' | '>' | '>=' | '==' | '!=') sum)?
//! sum     := product (('+' | '-') product)*
//! product := unary (('*' | '/' | '%') unary)*
//! unary   := ('-' | '+' | '!') unary | power
//! power   := atom (('^' | '**') unary)?          (right-associative: 2^3^2 = 2^9)
//! atom    := integer | 'k' | '(' or ')' | name '(' or (',' or)* ')'
//! ```
//!
//! Functions: `min(a, b, ...)`, `max(a, b, ...)`, `abs(a)`, `if(c, a, b)` (only the chosen branch
//! is evaluated). There is no `c ? a : b`, since `:` separates the keys of a spec.
//!
//! Semantics are exact integers (`i128`): every operation is checked and overflow is an error;
//! `/` is floor division and `%` the matching remainder (the sign of the divisor, as in Python),
//! so `-7 / 2 = -4` and `-7 % 2 = 1`; a zero divisor and a negative exponent are errors.
//! Comparisons and `&&`, `||`, `!` give 1 or 0; any non-zero value counts as true.
//!
//! Evaluation is bounded: an expression is a tree of at most [`MAX_LEN`] characters and depth
//! [`MAX_DEPTH`] with no loops or recursion, and powers are computed by squaring, so every
//! evaluation ends after a number of steps proportional to the size of the expression.
//!
//! [`Expr::bounds`] evaluates over an interval of `k` (interval arithmetic): it returns bounds that
//! hold for every `k` in the interval, or `None` when it cannot rule out an error there.

/// The longest expression accepted, in characters.
pub const MAX_LEN: usize = 2000;
/// The deepest nesting accepted (parentheses, operators, function calls).
pub const MAX_DEPTH: usize = 64;

/// A parsed expression and its source text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expr {
    source: String,
    root: Node,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Node {
    Const(i128),
    K,
    Neg(Box<Node>),
    Not(Box<Node>),
    Abs(Box<Node>),
    Bin(Op, Box<Node>, Box<Node>),
    Min(Vec<Node>),
    Max(Vec<Node>),
    If(Box<Node>, Box<Node>, Box<Node>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Pow,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Or,
}

/// Why an evaluation failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EvalError {
    /// `a / 0` or `a % 0`.
    DivisionByZero,
    /// A result outside the 128-bit integers.
    Overflow,
    /// `a ^ b` with `b < 0`.
    NegativeExponent,
}

impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            EvalError::DivisionByZero => "division by zero",
            EvalError::Overflow => "overflow (a value outside the 128-bit integers)",
            EvalError::NegativeExponent => "negative exponent",
        })
    }
}

type Eval = Result<i128, EvalError>;

impl Expr {
    /// Parses `text`; the error says what is wrong and where (1-based character position).
    pub fn parse(text: &str) -> Result<Expr, String> {
        let source = text.trim().to_string();
        if source.is_empty() {
            return Err("the expression is empty".into());
        }
        if source.chars().count() > MAX_LEN {
            return Err(format!(
                "the expression is longer than {MAX_LEN} characters"
            ));
        }
        let tokens = tokenize(&source)?;
        let mut parser = Parser {
            tokens,
            at: 0,
            depth: 0,
        };
        let root = parser.or()?;
        if let Some((token, pos)) = parser.tokens.get(parser.at) {
            return Err(format!("unexpected '{token}' at position {pos}"));
        }
        Ok(Expr { source, root })
    }

    /// The text it was parsed from (trimmed).
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The value at `k`.
    pub fn eval(&self, k: i128) -> Eval {
        eval(&self.root, k)
    }

    /// Bounds `(lo, hi)` on the value at every `k` in `lo_k..=hi_k`, or `None` if an error (a zero
    /// divisor, an overflow, a negative exponent) cannot be ruled out there.
    pub fn bounds(&self, lo_k: i128, hi_k: i128) -> Option<(i128, i128)> {
        bounds(&self.root, (lo_k, hi_k))
    }
}

impl std::fmt::Display for Expr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.source)
    }
}

// ---------------------------------------------------------------------------------------------
// Tokens and parsing.

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Int(i128),
    Name(String),
    Sym(&'static str),
}

impl std::fmt::Display for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Token::Int(v) => write!(f, "{v}"),
            Token::Name(n) => f.write_str(n),
            Token::Sym(s) => f.write_str(s),
        }
    }
}

const SYMBOLS: &[&str] = &[
    "**", "<=", ">=", "==", "!=", "&&", "||", "+", "-", "*", "/", "%", "^", "(", ")", ",", "<",
    ">", "!",
];

fn tokenize(text: &str) -> Result<Vec<(Token, usize)>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let pos = i + 1;
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let mut digits = String::new();
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '_') {
                if chars[i] != '_' {
                    digits.push(chars[i]);
                }
                i += 1;
            }
            if i < chars.len() && (chars[i] == '.' || chars[i].is_alphabetic()) {
                return Err(format!(
                    "'{}' at position {pos} is not an integer (only integers are allowed)",
                    chars[pos - 1..=i].iter().collect::<String>()
                ));
            }
            let value = digits.parse::<i128>().map_err(|_| {
                format!("the number {digits} at position {pos} does not fit 128 bits")
            })?;
            tokens.push((Token::Int(value), pos));
        } else if c.is_alphabetic() || c == '_' {
            let mut name = String::new();
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                name.push(chars[i]);
                i += 1;
            }
            tokens.push((Token::Name(name), pos));
        } else {
            let rest: String = chars[i..chars.len().min(i + 2)].iter().collect();
            let symbol = SYMBOLS
                .iter()
                .find(|s| rest.starts_with(**s))
                .ok_or_else(|| format!("unexpected character '{c}' at position {pos}"))?;
            tokens.push((Token::Sym(symbol), pos));
            i += symbol.len();
        }
    }
    Ok(tokens)
}

struct Parser {
    tokens: Vec<(Token, usize)>,
    at: usize,
    depth: usize,
}

impl Parser {
    fn peek_sym(&self, symbols: &[&'static str]) -> Option<&'static str> {
        match self.tokens.get(self.at) {
            Some((Token::Sym(s), _)) if symbols.contains(s) => Some(s),
            _ => None,
        }
    }

    fn expect(&mut self, symbol: &str) -> Result<(), String> {
        match self.tokens.get(self.at) {
            Some((Token::Sym(s), _)) if *s == symbol => {
                self.at += 1;
                Ok(())
            }
            Some((token, pos)) => Err(format!(
                "expected '{symbol}' at position {pos}, found '{token}'"
            )),
            None => Err(format!("expected '{symbol}' at the end")),
        }
    }

    fn deeper(&mut self) -> Result<(), String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(format!("the expression is nested deeper than {MAX_DEPTH}"));
        }
        Ok(())
    }

    fn binary_level(
        &mut self,
        symbols: &[(&'static str, Op)],
        next: fn(&mut Self) -> Result<Node, String>,
        chain: bool,
    ) -> Result<Node, String> {
        let names: Vec<&'static str> = symbols.iter().map(|(s, _)| *s).collect();
        let mut left = next(self)?;
        while let Some(symbol) = self.peek_sym(&names) {
            self.at += 1;
            let op = symbols
                .iter()
                .find(|(s, _)| *s == symbol)
                .expect("listed")
                .1;
            let right = next(self)?;
            left = Node::Bin(op, Box::new(left), Box::new(right));
            if !chain {
                if let Some(again) = self.peek_sym(&names) {
                    let pos = self.tokens[self.at].1;
                    return Err(format!(
                        "comparisons do not chain: parenthesise before '{again}' at position {pos}"
                    ));
                }
                break;
            }
        }
        Ok(left)
    }

    fn or(&mut self) -> Result<Node, String> {
        self.binary_level(&[("||", Op::Or)], Self::and, true)
    }

    fn and(&mut self) -> Result<Node, String> {
        self.binary_level(&[("&&", Op::And)], Self::cmp, true)
    }

    fn cmp(&mut self) -> Result<Node, String> {
        self.binary_level(
            &[
                ("<=", Op::Le),
                (">=", Op::Ge),
                ("==", Op::Eq),
                ("!=", Op::Ne),
                ("<", Op::Lt),
                (">", Op::Gt),
            ],
            Self::sum,
            false,
        )
    }

    fn sum(&mut self) -> Result<Node, String> {
        self.binary_level(&[("+", Op::Add), ("-", Op::Sub)], Self::product, true)
    }

    fn product(&mut self) -> Result<Node, String> {
        self.binary_level(
            &[("*", Op::Mul), ("/", Op::Div), ("%", Op::Mod)],
            Self::unary,
            true,
        )
    }

    fn unary(&mut self) -> Result<Node, String> {
        if let Some(symbol) = self.peek_sym(&["-", "+", "!"]) {
            self.at += 1;
            self.deeper()?;
            let inner = self.unary()?;
            self.depth -= 1;
            return Ok(match symbol {
                "-" => Node::Neg(Box::new(inner)),
                "!" => Node::Not(Box::new(inner)),
                _ => inner,
            });
        }
        self.power()
    }

    fn power(&mut self) -> Result<Node, String> {
        let base = self.atom()?;
        if self.peek_sym(&["^", "**"]).is_some() {
            self.at += 1;
            self.deeper()?;
            let exponent = self.unary()?;
            self.depth -= 1;
            return Ok(Node::Bin(Op::Pow, Box::new(base), Box::new(exponent)));
        }
        Ok(base)
    }

    fn atom(&mut self) -> Result<Node, String> {
        let Some((token, pos)) = self.tokens.get(self.at).cloned() else {
            return Err("the expression ends too early".into());
        };
        self.at += 1;
        match token {
            Token::Int(v) => Ok(Node::Const(v)),
            Token::Sym("(") => {
                self.deeper()?;
                let inner = self.or()?;
                self.depth -= 1;
                self.expect(")")?;
                Ok(inner)
            }
            Token::Name(name) if name == "k" => Ok(Node::K),
            Token::Name(name) => {
                if self.peek_sym(&["("]).is_none() {
                    return Err(format!(
                        "unknown name '{name}' at position {pos} (the variable is k; functions: min, max, abs, if)"
                    ));
                }
                self.at += 1;
                self.deeper()?;
                let mut args = vec![self.or()?];
                while self.peek_sym(&[","]).is_some() {
                    self.at += 1;
                    args.push(self.or()?);
                }
                self.depth -= 1;
                self.expect(")")?;
                call(&name, pos, args)
            }
            other => Err(format!("unexpected '{other}' at position {pos}")),
        }
    }
}

fn call(name: &str, pos: usize, mut args: Vec<Node>) -> Result<Node, String> {
    let count = |wanted: usize, args: &[Node]| {
        if args.len() == wanted {
            Ok(())
        } else {
            Err(format!(
                "{name}() at position {pos} takes {wanted} argument(s), got {}",
                args.len()
            ))
        }
    };
    match name {
        "min" => Ok(Node::Min(args)),
        "max" => Ok(Node::Max(args)),
        "abs" => {
            count(1, &args)?;
            Ok(Node::Abs(Box::new(args.remove(0))))
        }
        "if" => {
            count(3, &args)?;
            let mut it = args.into_iter().map(Box::new);
            let (c, a, b) = (it.next(), it.next(), it.next());
            Ok(Node::If(c.expect("3"), a.expect("3"), b.expect("3")))
        }
        _ => Err(format!(
            "unknown function '{name}' at position {pos} (functions: min, max, abs, if)"
        )),
    }
}

// ---------------------------------------------------------------------------------------------
// Exact evaluation.

/// Floor division, checked.
fn floor_div(a: i128, b: i128) -> Eval {
    if b == 0 {
        return Err(EvalError::DivisionByZero);
    }
    let q = a.checked_div(b).ok_or(EvalError::Overflow)?;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        Ok(q - 1)
    } else {
        Ok(q)
    }
}

/// The remainder matching [`floor_div`]: `a - b * floor(a / b)`, with the sign of `b`.
fn floor_mod(a: i128, b: i128) -> Eval {
    if b == 0 {
        return Err(EvalError::DivisionByZero);
    }
    // checked_rem fails only for MIN % -1, whose remainder is 0.
    let r = a.checked_rem(b).unwrap_or(0);
    if r != 0 && ((r < 0) != (b < 0)) {
        Ok(r + b)
    } else {
        Ok(r)
    }
}

fn checked_pow(base: i128, exponent: i128) -> Eval {
    if exponent < 0 {
        return Err(EvalError::NegativeExponent);
    }
    match base {
        0 => Ok(if exponent == 0 { 1 } else { 0 }),
        1 => Ok(1),
        -1 => Ok(if exponent % 2 == 0 { 1 } else { -1 }),
        _ => {
            let e = u32::try_from(exponent).map_err(|_| EvalError::Overflow)?;
            base.checked_pow(e).ok_or(EvalError::Overflow)
        }
    }
}

fn truth(v: i128) -> i128 {
    i128::from(v != 0)
}

fn apply(op: Op, a: i128, b: i128) -> Eval {
    let overflow = EvalError::Overflow;
    match op {
        Op::Add => a.checked_add(b).ok_or(overflow),
        Op::Sub => a.checked_sub(b).ok_or(overflow),
        Op::Mul => a.checked_mul(b).ok_or(overflow),
        Op::Div => floor_div(a, b),
        Op::Mod => floor_mod(a, b),
        Op::Pow => checked_pow(a, b),
        Op::Lt => Ok(i128::from(a < b)),
        Op::Le => Ok(i128::from(a <= b)),
        Op::Gt => Ok(i128::from(a > b)),
        Op::Ge => Ok(i128::from(a >= b)),
        Op::Eq => Ok(i128::from(a == b)),
        Op::Ne => Ok(i128::from(a != b)),
        Op::And | Op::Or => unreachable!("short-circuit operators are evaluated in eval"),
    }
}

fn eval(node: &Node, k: i128) -> Eval {
    match node {
        Node::Const(v) => Ok(*v),
        Node::K => Ok(k),
        Node::Neg(a) => eval(a, k)?.checked_neg().ok_or(EvalError::Overflow),
        Node::Not(a) => Ok(1 - truth(eval(a, k)?)),
        Node::Abs(a) => eval(a, k)?.checked_abs().ok_or(EvalError::Overflow),
        Node::Bin(Op::And, a, b) => Ok(if eval(a, k)? == 0 {
            0
        } else {
            truth(eval(b, k)?)
        }),
        Node::Bin(Op::Or, a, b) => Ok(if eval(a, k)? != 0 {
            1
        } else {
            truth(eval(b, k)?)
        }),
        Node::Bin(op, a, b) => apply(*op, eval(a, k)?, eval(b, k)?),
        Node::Min(args) => args
            .iter()
            .try_fold(i128::MAX, |m, a| Ok(m.min(eval(a, k)?))),
        Node::Max(args) => args
            .iter()
            .try_fold(i128::MIN, |m, a| Ok(m.max(eval(a, k)?))),
        Node::If(c, a, b) => {
            if eval(c, k)? != 0 {
                eval(a, k)
            } else {
                eval(b, k)
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Interval evaluation: sound bounds, or None when an error cannot be ruled out.

type Interval = (i128, i128);

fn hull(values: &[i128]) -> Interval {
    let lo = values.iter().copied().min().expect("non-empty");
    let hi = values.iter().copied().max().expect("non-empty");
    (lo, hi)
}

fn union(a: Interval, b: Interval) -> Interval {
    (a.0.min(b.0), a.1.max(b.1))
}

/// Truth of an interval: Some(true) if it excludes 0, Some(false) if it is {0}, None if unknown.
fn truth_of(a: Interval) -> Option<bool> {
    if a == (0, 0) {
        Some(false)
    } else if a.0 > 0 || a.1 < 0 {
        Some(true)
    } else {
        None
    }
}

fn decided(t: Option<bool>) -> Interval {
    match t {
        Some(true) => (1, 1),
        Some(false) => (0, 0),
        None => (0, 1),
    }
}

fn corners(a: Interval, b: Interval, f: fn(i128, i128) -> Eval) -> Option<Interval> {
    let values = [
        f(a.0, b.0).ok()?,
        f(a.0, b.1).ok()?,
        f(a.1, b.0).ok()?,
        f(a.1, b.1).ok()?,
    ];
    Some(hull(&values))
}

fn pow_bounds(a: Interval, e: Interval) -> Option<Interval> {
    if e.0 < 0 {
        return None;
    }
    if a.0 >= 0 {
        // On non-negative integers x^e is monotone in x, and in e except at x = 0 (0^0 = 1):
        // the extremes are among the corners, 1 (if in range) and 0^e.
        let mut values = vec![
            checked_pow(a.0, e.0).ok()?,
            checked_pow(a.0, e.1).ok()?,
            checked_pow(a.1, e.0).ok()?,
            checked_pow(a.1, e.1).ok()?,
        ];
        if a.0 <= 1 && 1 <= a.1 {
            values.push(1);
        }
        return Some(hull(&values));
    }
    // Some base is negative: |x^e| <= max(|lo|, |hi|)^(max e), or 1 when that magnitude is <= 1.
    let magnitude = a.0.checked_abs()?.max(a.1.checked_abs()?);
    let bound = if magnitude <= 1 {
        1
    } else {
        checked_pow(magnitude, e.1).ok()?
    };
    Some((-bound, bound))
}

fn mod_bounds(a: Interval, b: Interval) -> Option<Interval> {
    if b.0 <= 0 && 0 <= b.1 {
        return None;
    }
    if b.0 > 0 {
        if b.0 == b.1 && a.0 >= 0 && a.1 < b.0 {
            return Some(a);
        }
        // a single period of a fixed positive divisor: the remainders stay in order
        if b.0 == b.1 && floor_div(a.0, b.0).ok()? == floor_div(a.1, b.0).ok()? {
            return Some((floor_mod(a.0, b.0).ok()?, floor_mod(a.1, b.0).ok()?));
        }
        Some((0, b.1 - 1))
    } else {
        Some((b.0 + 1, 0))
    }
}

fn bounds(node: &Node, k: Interval) -> Option<Interval> {
    match node {
        Node::Const(v) => Some((*v, *v)),
        Node::K => Some(k),
        Node::Neg(a) => {
            let a = bounds(a, k)?;
            Some((a.1.checked_neg()?, a.0.checked_neg()?))
        }
        Node::Not(a) => Some(decided(truth_of(bounds(a, k)?).map(|t| !t))),
        Node::Abs(a) => {
            let a = bounds(a, k)?;
            let (x, y) = (a.0.checked_abs()?, a.1.checked_abs()?);
            if a.0 >= 0 {
                Some(a)
            } else if a.1 <= 0 {
                Some((y, x))
            } else {
                Some((0, x.max(y)))
            }
        }
        Node::Bin(Op::And, a, b) => match truth_of(bounds(a, k)?) {
            Some(false) => Some((0, 0)),
            Some(true) => Some(decided(truth_of(bounds(b, k)?))),
            None => {
                let b = truth_of(bounds(b, k)?);
                Some(if b == Some(false) { (0, 0) } else { (0, 1) })
            }
        },
        Node::Bin(Op::Or, a, b) => match truth_of(bounds(a, k)?) {
            Some(true) => Some((1, 1)),
            Some(false) => Some(decided(truth_of(bounds(b, k)?))),
            None => {
                let b = truth_of(bounds(b, k)?);
                Some(if b == Some(true) { (1, 1) } else { (0, 1) })
            }
        },
        Node::Bin(op, a, b) => {
            let (a, b) = (bounds(a, k)?, bounds(b, k)?);
            match op {
                Op::Add => Some((a.0.checked_add(b.0)?, a.1.checked_add(b.1)?)),
                Op::Sub => Some((a.0.checked_sub(b.1)?, a.1.checked_sub(b.0)?)),
                Op::Mul => corners(a, b, |x, y| x.checked_mul(y).ok_or(EvalError::Overflow)),
                Op::Div => {
                    if b.0 <= 0 && 0 <= b.1 {
                        None
                    } else {
                        corners(a, b, floor_div)
                    }
                }
                Op::Mod => mod_bounds(a, b),
                Op::Pow => pow_bounds(a, b),
                Op::Lt => Some(decided(compare(a.1 < b.0, a.0 >= b.1))),
                Op::Le => Some(decided(compare(a.1 <= b.0, a.0 > b.1))),
                Op::Gt => Some(decided(compare(a.0 > b.1, a.1 <= b.0))),
                Op::Ge => Some(decided(compare(a.0 >= b.1, a.1 < b.0))),
                Op::Eq => Some(decided(compare(
                    a.0 == a.1 && b.0 == b.1 && a.0 == b.0,
                    a.1 < b.0 || b.1 < a.0,
                ))),
                Op::Ne => Some(decided(compare(
                    a.1 < b.0 || b.1 < a.0,
                    a.0 == a.1 && b.0 == b.1 && a.0 == b.0,
                ))),
                Op::And | Op::Or => unreachable!("handled above"),
            }
        }
        Node::Min(args) => args.iter().try_fold((i128::MAX, i128::MAX), |m, a| {
            let a = bounds(a, k)?;
            Some((m.0.min(a.0), m.1.min(a.1)))
        }),
        Node::Max(args) => args.iter().try_fold((i128::MIN, i128::MIN), |m, a| {
            let a = bounds(a, k)?;
            Some((m.0.max(a.0), m.1.max(a.1)))
        }),
        Node::If(c, a, b) => match truth_of(bounds(c, k)?) {
            Some(true) => bounds(a, k),
            Some(false) => bounds(b, k),
            None => Some(union(bounds(a, k)?, bounds(b, k)?)),
        },
    }
}

/// Some(true) if `always`, Some(false) if `never`, None otherwise.
fn compare(always: bool, never: bool) -> Option<bool> {
    if always {
        Some(true)
    } else if never {
        Some(false)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn value(text: &str, k: i128) -> Eval {
        Expr::parse(text).unwrap().eval(k)
    }

    #[test]
    fn arithmetic_and_precedence() {
        assert_eq!(value("2*k", 7), Ok(14));
        assert_eq!(value("k^2 + 1", 5), Ok(26));
        assert_eq!(value("2^3^2", 0), Ok(512));
        assert_eq!(value("-k^2", 3), Ok(-9));
        assert_eq!(value("(-k)^2", 3), Ok(9));
        assert_eq!(value("2**10", 0), Ok(1024));
        assert_eq!(value("1 + 2 * 3 - 4 / 2", 0), Ok(5));
        assert_eq!(value("10 - 3 - 2", 0), Ok(5));
        assert_eq!(value("100 / 10 / 5", 0), Ok(2));
        assert_eq!(value("1_000 + k", 1), Ok(1001));
        assert_eq!(value("  k  ", 4), Ok(4));
    }

    #[test]
    fn floor_division_and_remainder_follow_the_divisor_sign() {
        // By hand: -7/2 = -3.5 -> -4, and -7 = 2*(-4) + 1.
        assert_eq!(value("-7 / 2", 0), Ok(-4));
        assert_eq!(value("-7 % 2", 0), Ok(1));
        assert_eq!(value("7 / -2", 0), Ok(-4));
        assert_eq!(value("7 % -2", 0), Ok(-1));
        assert_eq!(value("7 / 2", 0), Ok(3));
        assert_eq!(value("7 % 2", 0), Ok(1));
        assert_eq!(value("(k - 10) / 3", 1), Ok(-3));
    }

    #[test]
    fn functions_and_conditions() {
        assert_eq!(value("min(k, 3)", 5), Ok(3));
        assert_eq!(value("max(1, 1000 - k, 7)", 999), Ok(7));
        assert_eq!(value("abs(k - 10)", 3), Ok(7));
        assert_eq!(value("if(k % 2 == 0, 2*k, k)", 4), Ok(8));
        assert_eq!(value("if(k % 2 == 0, 2*k, k)", 5), Ok(5));
        assert_eq!(value("(k < 3) + (k >= 3) * 10", 2), Ok(1));
        assert_eq!(value("k > 1 && k < 5 || k == 9", 9), Ok(1));
        assert_eq!(value("!(k != 2)", 2), Ok(1));
        // Only the chosen branch is evaluated, and && / || short-circuit.
        assert_eq!(value("if(k == 1, 5, 10 / (k - 1))", 1), Ok(5));
        assert_eq!(value("k == 1 || 1 / (k - 1)", 1), Ok(1));
        assert_eq!(value("k != 1 && 1 / (k - 1)", 1), Ok(0));
    }

    #[test]
    fn errors_are_values_not_panics() {
        assert_eq!(value("k / (k - 3)", 3), Err(EvalError::DivisionByZero));
        assert_eq!(value("k % 0", 3), Err(EvalError::DivisionByZero));
        assert_eq!(value("2 ^ (k - 5)", 3), Err(EvalError::NegativeExponent));
        assert_eq!(value("k ^ 200", 2), Err(EvalError::Overflow));
        assert_eq!(value("k * k", i128::MAX), Err(EvalError::Overflow));
        assert_eq!(value("-k - 2", i128::MAX), Err(EvalError::Overflow));
        assert_eq!(value("0 - k", i128::MIN), Err(EvalError::Overflow));
        assert_eq!(value("0 - k", i128::MIN + 1), Ok(i128::MAX));
        assert_eq!(value("1 ^ (10^30)", 0), Ok(1));
        assert_eq!(value("(-1) ^ (10^30 + 1)", 0), Ok(-1));
    }

    #[test]
    fn syntax_errors_say_where() {
        let err = |t: &str| Expr::parse(t).unwrap_err();
        assert!(err("").contains("empty"));
        assert!(err("2*").contains("ends too early"));
        assert!(err("min(k, 3").contains("expected ')'"));
        assert!(err("k + x").contains("unknown name 'x' at position 5"));
        assert!(err("sqrt(k)").contains("unknown function 'sqrt'"));
        assert!(err("1.5 * k").contains("not an integer"));
        assert!(err("2k").contains("not an integer"));
        assert!(err("k $ 2").contains("unexpected character '$' at position 3"));
        assert!(err("k ? 1 : 2").contains("unexpected character '?'"));
        assert!(err("1 < k < 3").contains("do not chain"));
        assert!(err("abs(1, 2)").contains("takes 1 argument"));
        assert!(err("if(k, 1)").contains("takes 3 argument"));
        assert!(err("k )").contains("unexpected ')'"));
        assert!(err(&"(".repeat(100)).contains("nested deeper"));
        assert!(err(&"k+".repeat(1500)).contains("longer than"));
        assert!(err("99999999999999999999999999999999999999999").contains("128 bits"));
    }

    /// A few expressions covering every operator and function, for the interval tests.
    const SAMPLES: &[&str] = &[
        "2*k",
        "k^2 + 1",
        "1000 - 3*k",
        "(k - 50) / 7",
        "(k - 50) % 7",
        "k % -5",
        "100 / (k % 7 + 1)",
        "max(1, 60 - k) * min(k, 9)",
        "abs(k - 40) + 1",
        "if(k % 3 == 0, k, 2*k + 1)",
        "(k > 20 && k < 30) * 50 + (k <= 5 || k >= 60) + !(k == 7)",
        "2^(k % 5) - (-2)^(k % 4)",
        "(k - 30)^3 / 100",
        "k / (k - 45)",
        "(3 - k) ^ (k % 3)",
        "k != 13 && k % 4 == 1",
    ];

    proptest! {
        /// Interval bounds contain every exact value, and claim "no error" only when none occurs.
        #[test]
        fn bounds_are_sound(which in 0..SAMPLES.len(), lo in -80i128..80, width in 0i128..40) {
            let expr = Expr::parse(SAMPLES[which]).unwrap();
            let hi = lo + width;
            if let Some((a, b)) = expr.bounds(lo, hi) {
                for k in lo..=hi {
                    let v = expr.eval(k);
                    prop_assert!(v.is_ok(), "{}: bounds claimed no error but k={} gives {:?}", SAMPLES[which], k, v);
                    let v = v.unwrap();
                    prop_assert!(a <= v && v <= b, "{} at {}: {} outside [{}, {}]", SAMPLES[which], k, v, a, b);
                }
            }
        }

        /// Floor division and remainder agree with their definition.
        #[test]
        fn floor_division_matches_the_definition(a in -1000i128..1000, b in -50i128..50) {
            prop_assume!(b != 0);
            let (q, r) = (floor_div(a, b).unwrap(), floor_mod(a, b).unwrap());
            prop_assert_eq!(q * b + r, a);
            // q is the largest integer with q * b <= a (b > 0) or q * b >= a (b < 0)
            if b > 0 { prop_assert!(q * b <= a && (q + 1) * b > a); }
            else { prop_assert!(q * b >= a && (q + 1) * b < a); }
        }
    }

    #[test]
    fn bounds_of_a_monotone_expression_are_tight() {
        let expr = Expr::parse("2*k").unwrap();
        assert_eq!(expr.bounds(5, 10), Some((10, 20)));
        assert_eq!(Expr::parse("k / (k - 3)").unwrap().bounds(1, 10), None);
        // Sound, not tight: the corners of k / (k - 3) on k in 4..=10, k - 3 in 1..=7.
        assert_eq!(
            Expr::parse("k / (k - 3)").unwrap().bounds(4, 10),
            Some((0, 10))
        );
    }
}
