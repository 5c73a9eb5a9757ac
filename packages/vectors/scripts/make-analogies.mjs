#!/usr/bin/env node
// Writes the analogy question files of @tokenlab/vectors (data/analogies/*.txt) from the word pairs below.
//
//   node packages/vectors/scripts/make-analogies.mjs
//
// Each section lists word pairs in one relation (a capital and its country, a noun and its plural …);
// every ordered choice of two different pairs (a, b) and (c, d) makes the question "a is to b as c is to ?"
// with the answer d, one per line in the word2vec `: section` format read by evaluateWordAnalogies.
// The pairs were chosen for this project (common words of 19th-century English prose for English,
// classical and modern standard Arabic for Arabic); they are facts of the languages, not taken from another
// question set.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pairs = (text) =>
  text
    .trim()
    .split(/\n/u)
    .map((line) => line.trim().split(/\s+/u));

const english = {
  'capital-country': pairs(`
    athens greece
    berlin germany
    paris france
    rome italy
    madrid spain
    london england
    moscow russia
    tokyo japan
    cairo egypt
    lisbon portugal
    vienna austria
    dublin ireland
    stockholm sweden
    warsaw poland
    edinburgh scotland
    copenhagen denmark
    constantinople turkey
    washington america
    brussels belgium
    amsterdam holland`),
  'country-nationality': pairs(`
    france french
    germany german
    england english
    spain spanish
    italy italian
    russia russian
    china chinese
    japan japanese
    greece greek
    egypt egyptian
    ireland irish
    scotland scottish
    poland polish
    sweden swedish
    portugal portuguese
    holland dutch
    turkey turkish
    india indian
    america american
    denmark danish`),
  'gender-pairs': pairs(`
    king queen
    man woman
    boy girl
    brother sister
    father mother
    son daughter
    husband wife
    uncle aunt
    nephew niece
    prince princess
    lord lady
    he she
    grandfather grandmother
    duke duchess
    emperor empress
    god goddess
    sir madam
    monk nun
    bridegroom bride
    men women`),
  'noun-plural': pairs(`
    word words
    house houses
    child children
    man men
    woman women
    foot feet
    tooth teeth
    city cities
    day days
    eye eyes
    hand hands
    book books
    horse horses
    tree trees
    church churches
    knife knives
    wife wives
    life lives
    story stories
    friend friends`),
  'adjective-comparative': pairs(`
    good better
    bad worse
    big bigger
    small smaller
    old older
    young younger
    long longer
    short shorter
    great greater
    high higher
    strong stronger
    weak weaker
    rich richer
    poor poorer
    dark darker
    cold colder
    warm warmer
    hard harder
    happy happier
    wise wiser`),
  'adjective-superlative': pairs(`
    good best
    bad worst
    big biggest
    small smallest
    old oldest
    young youngest
    great greatest
    high highest
    strong strongest
    rich richest
    poor poorest
    dark darkest
    deep deepest
    wise wisest
    fair fairest
    long longest
    large largest
    happy happiest
    near nearest
    sweet sweetest`),
  'verb-past-tense': pairs(`
    go went
    come came
    see saw
    take took
    give gave
    know knew
    think thought
    say said
    make made
    find found
    tell told
    speak spoke
    write wrote
    run ran
    stand stood
    hear heard
    bring brought
    eat ate
    begin began
    fall fell`),
  'verb-present-participle': pairs(`
    go going
    come coming
    see seeing
    take taking
    look looking
    walk walking
    run running
    sit sitting
    play playing
    speak speaking
    write writing
    read reading
    sing singing
    think thinking
    say saying
    eat eating
    sleep sleeping
    work working
    talk talking
    live living`),
  'verb-third-person': pairs(`
    go goes
    come comes
    see sees
    take takes
    know knows
    say says
    make makes
    think thinks
    look looks
    find finds
    give gives
    tell tells
    seem seems
    feel feels
    want wants
    love loves
    live lives
    stand stands
    speak speaks
    write writes`),
  'adjective-opposite-un': pairs(`
    happy unhappy
    known unknown
    able unable
    certain uncertain
    kind unkind
    fortunate unfortunate
    just unjust
    natural unnatural
    usual unusual
    willing unwilling
    common uncommon
    worthy unworthy
    seen unseen
    fit unfit
    aware unaware
    equal unequal
    wise unwise
    true untrue
    easy uneasy
    conscious unconscious`),
  'adjective-adverb': pairs(`
    quick quickly
    slow slowly
    sudden suddenly
    careful carefully
    quiet quietly
    soft softly
    bright brightly
    sad sadly
    loud loudly
    free freely
    open openly
    clear clearly
    real really
    certain certainly
    bold boldly
    proud proudly
    silent silently
    perfect perfectly
    strange strangely
    sweet sweetly`),
};

const arabic = {
  'مذكر-مؤنث': pairs(`
    ملك ملكة
    رجل امرأة
    ولد بنت
    أخ أخت
    أب أم
    ابن ابنة
    عم عمة
    خال خالة
    أمير أميرة
    زوج زوجة
    معلم معلمة
    طالب طالبة
    كاتب كاتبة
    صديق صديقة
    جد جدة`),
  'مفرد-جمع': pairs(`
    كتاب كتب
    رجل رجال
    بيت بيوت
    قلب قلوب
    يوم أيام
    شيخ شيوخ
    ملك ملوك
    نفس نفوس
    سيف سيوف
    باب أبواب
    قول أقوال
    ولد أولاد
    جبل جبال
    بحر بحار
    مدينة مدن`),
  'ماض-مضارع': pairs(`
    قال يقول
    كتب يكتب
    ذهب يذهب
    علم يعلم
    عرف يعرف
    خرج يخرج
    دخل يدخل
    جلس يجلس
    سمع يسمع
    رأى يرى
    أكل يأكل
    شرب يشرب
    فعل يفعل
    قرأ يقرأ
    نظر ينظر`),
  'عاصمة-بلد': pairs(`
    القاهرة مصر
    بغداد العراق
    دمشق سوريا
    بيروت لبنان
    الرياض السعودية
    الرباط المغرب
    الخرطوم السودان
    صنعاء اليمن
    الدوحة قطر
    باريس فرنسا
    لندن بريطانيا
    روما إيطاليا
    مدريد إسبانيا
    موسكو روسيا
    طهران إيران`),
};

function questions(sections) {
  const lines = [];
  for (const [name, list] of Object.entries(sections)) {
    lines.push(`: ${name}`);
    for (const [a, b] of list) for (const [c, d] of list) if (a !== c) lines.push(`${a} ${b} ${c} ${d}`);
  }
  return `${lines.join('\n')}\n`;
}

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'analogies');
writeFileSync(join(out, 'en.txt'), questions(english));
writeFileSync(join(out, 'ar.txt'), questions(arabic));
