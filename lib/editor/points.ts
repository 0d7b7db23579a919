// Sizes in PDF points and page counts as the editor says them: a PDF may give a page as
// 595.91998 pt, which no one reads to five decimals.

/** At most two decimals, no trailing zeros: 595.91998 → "595.92", 842 → "842". */
export const formatPoints = (n: number) => String(Math.round(n * 100) / 100);

export const pageCount = (n: number) => `${n} ${n === 1 ? 'page' : 'pages'}`;
