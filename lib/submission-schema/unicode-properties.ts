// The Unicode property escapes (\p{…}) a schema pattern may use: the names ECMAScript gives
// them, as RE2 (re2js) spells the same set. Only names both engines know are listed, so a
// pattern the reader accepts always compiles; any other name makes the pattern unsupported
// rather than a different set. re2js and V8 agree code point by code point on every set here
// (checked in unicode-properties.unit.test.ts).

const GENERAL_CATEGORIES =
  'C Cc Cf Cn Co Cs L LC Ll Lm Lo Lt Lu M Mc Me Mn N Nd Nl No P Pc Pd Pe Pf Pi Po Ps S Sc Sk Sm So Z Zl Zp Zs';

// ECMAScript's long names (and aliases) for the categories above.
const CATEGORY_ALIASES: Record<string, string> = {
  Other: 'C',
  Control: 'Cc',
  cntrl: 'Cc',
  Format: 'Cf',
  Unassigned: 'Cn',
  Private_Use: 'Co',
  Surrogate: 'Cs',
  Letter: 'L',
  Cased_Letter: 'LC',
  Lowercase_Letter: 'Ll',
  Modifier_Letter: 'Lm',
  Other_Letter: 'Lo',
  Titlecase_Letter: 'Lt',
  Uppercase_Letter: 'Lu',
  Mark: 'M',
  Combining_Mark: 'M',
  Spacing_Mark: 'Mc',
  Enclosing_Mark: 'Me',
  Nonspacing_Mark: 'Mn',
  Number: 'N',
  Decimal_Number: 'Nd',
  digit: 'Nd',
  Letter_Number: 'Nl',
  Other_Number: 'No',
  Punctuation: 'P',
  punct: 'P',
  Connector_Punctuation: 'Pc',
  Dash_Punctuation: 'Pd',
  Close_Punctuation: 'Pe',
  Final_Punctuation: 'Pf',
  Initial_Punctuation: 'Pi',
  Other_Punctuation: 'Po',
  Open_Punctuation: 'Ps',
  Symbol: 'S',
  Currency_Symbol: 'Sc',
  Modifier_Symbol: 'Sk',
  Math_Symbol: 'Sm',
  Other_Symbol: 'So',
  Separator: 'Z',
  Line_Separator: 'Zl',
  Paragraph_Separator: 'Zp',
  Space_Separator: 'Zs',
};

// Binary properties re2js has, by ECMAScript name and alias; ASCII is "Ascii" in re2js.
const BINARY_PROPERTIES: Record<string, string> = {
  Any: 'Any',
  ASCII: 'Ascii',
  Assigned: 'Assigned',
  ASCII_Hex_Digit: 'ASCII_Hex_Digit',
  AHex: 'ASCII_Hex_Digit',
  Alphabetic: 'Alphabetic',
  Alpha: 'Alphabetic',
  Dash: 'Dash',
  Emoji: 'Emoji',
  Emoji_Component: 'Emoji_Component',
  EComp: 'Emoji_Component',
  Emoji_Modifier: 'Emoji_Modifier',
  EMod: 'Emoji_Modifier',
  Emoji_Modifier_Base: 'Emoji_Modifier_Base',
  EBase: 'Emoji_Modifier_Base',
  Emoji_Presentation: 'Emoji_Presentation',
  EPres: 'Emoji_Presentation',
  Extended_Pictographic: 'Extended_Pictographic',
  ExtPict: 'Extended_Pictographic',
  Hex_Digit: 'Hex_Digit',
  Hex: 'Hex_Digit',
  Lowercase: 'Lowercase',
  Lower: 'Lowercase',
  Math: 'Math',
  Quotation_Mark: 'Quotation_Mark',
  QMark: 'Quotation_Mark',
  Terminal_Punctuation: 'Terminal_Punctuation',
  Term: 'Terminal_Punctuation',
  Uppercase: 'Uppercase',
  Upper: 'Uppercase',
  White_Space: 'White_Space',
  space: 'White_Space',
};

// Scripts by their long names (ECMAScript also takes four-letter codes, which re2js does not).
const SCRIPTS =
  'Adlam Ahom Anatolian_Hieroglyphs Arabic Armenian Avestan Balinese Bamum Bassa_Vah Batak Bengali Beria_Erfe Bhaiksuki ' +
  'Bopomofo Brahmi Braille Buginese Buhid Canadian_Aboriginal Carian Caucasian_Albanian Chakma Cham Cherokee Chorasmian ' +
  'Common Coptic Cuneiform Cypriot Cypro_Minoan Cyrillic Deseret Devanagari Dives_Akuru Dogra Duployan Egyptian_Hieroglyphs ' +
  'Elbasan Elymaic Ethiopic Garay Georgian Glagolitic Gothic Grantha Greek Gujarati Gunjala_Gondi Gurmukhi Gurung_Khema ' +
  'Han Hangul Hanifi_Rohingya Hanunoo Hatran Hebrew Hiragana Imperial_Aramaic Inherited Inscriptional_Pahlavi ' +
  'Inscriptional_Parthian Javanese Kaithi Kannada Katakana Kawi Kayah_Li Kharoshthi Khitan_Small_Script Khmer Khojki ' +
  'Khudawadi Kirat_Rai Lao Latin Lepcha Limbu Linear_A Linear_B Lisu Lycian Lydian Mahajani Makasar Malayalam Mandaic ' +
  'Manichaean Marchen Masaram_Gondi Medefaidrin Meetei_Mayek Mende_Kikakui Meroitic_Cursive Meroitic_Hieroglyphs Miao ' +
  'Modi Mongolian Mro Multani Myanmar Nabataean Nag_Mundari Nandinagari New_Tai_Lue Newa Nko Nushu Nyiakeng_Puachue_Hmong ' +
  'Ogham Ol_Chiki Ol_Onal Old_Hungarian Old_Italic Old_North_Arabian Old_Permic Old_Persian Old_Sogdian Old_South_Arabian ' +
  'Old_Turkic Old_Uyghur Oriya Osage Osmanya Pahawh_Hmong Palmyrene Pau_Cin_Hau Phags_Pa Phoenician Psalter_Pahlavi Rejang ' +
  'Runic Samaritan Saurashtra Sharada Shavian Siddham Sidetic SignWriting Sinhala Sogdian Sora_Sompeng Soyombo Sundanese ' +
  'Sunuwar Syloti_Nagri Syriac Tagalog Tagbanwa Tai_Le Tai_Tham Tai_Viet Tai_Yo Takri Tamil Tangsa Tangut Telugu Thaana ' +
  'Thai Tibetan Tifinagh Tirhuta Todhri Tolong_Siki Toto Tulu_Tigalari Ugaritic Unknown Vai Vithkuqi Wancho Warang_Citi ' +
  'Yezidi Yi Zanabazar_Square';

let categories: ReadonlySet<string> | undefined;
let scripts: ReadonlySet<string> | undefined;

function category(value: string): string | undefined {
  categories ??= new Set(GENERAL_CATEGORIES.split(' '));
  if (categories.has(value)) return value;
  return Object.hasOwn(CATEGORY_ALIASES, value) ? CATEGORY_ALIASES[value] : undefined;
}

function script(value: string): string | undefined {
  scripts ??= new Set(SCRIPTS.split(' '));
  return scripts.has(value) ? value : undefined;
}

/**
 * The RE2 name of what ECMAScript's `\p{name}` matches (`L`, `Letter`, `gc=L`, `Script=Greek`,
 * `Alpha`...), or undefined when RE2 has no such set (Script_Extensions, a four-letter script
 * code, most binary properties).
 */
export function re2PropertyName(name: string): string | undefined {
  const eq = name.indexOf('=');
  if (eq < 0) return category(name) ?? (Object.hasOwn(BINARY_PROPERTIES, name) ? BINARY_PROPERTIES[name] : undefined);
  const [key, value] = [name.slice(0, eq), name.slice(eq + 1)];
  if (key === 'General_Category' || key === 'gc') return category(value);
  if (key === 'Script' || key === 'sc') return script(value);
  return undefined;
}

/** Every ECMAScript spelling accepted above (for the test that re2js and V8 agree on each). */
export function knownPropertyNames(): string[] {
  return [
    ...GENERAL_CATEGORIES.split(' '),
    ...Object.keys(CATEGORY_ALIASES),
    ...Object.keys(BINARY_PROPERTIES),
    ...SCRIPTS.split(' ').map((s) => `Script=${s}`),
  ];
}
