import type { HandoutCatalog } from './handouts.texts';

/** English: the same content as the French reference. */
export const HANDOUTS_EN: HandoutCatalog = {
  common: {
    kicker: 'GlucoSuivi · Patient handout',
    disclaimer:
      'This handout helps you understand and react; it does not replace the personal instructions of your care team. If you have any question, ask them.',
    categories: {
      glucose: 'glucose',
      hba1c: 'HbA1c',
      lipids: 'lipid profile',
      blood_pressure: 'blood pressure',
      weight: 'weight',
      events: 'daily events',
      reports: 'reports',
      alerts: 'alerts',
    },
  },
  handouts: {
    hypoglycaemia: (v) => ({
      title: 'Hypoglycaemia: recognise it and correct it',
      fileName: 'glucosuivi-handout-hypoglycaemia.pdf',
      intro: `Hypoglycaemia is a glucose level below ${v.low}. Below ${v.veryLow} it is more marked: correct it straight away.`,
      blocks: [
        {
          heading: 'Warning signs',
          bullets: [
            'Shaking, sweating, pallor, a racing heart.',
            'Sudden hunger, tiredness, difficulty concentrating, blurred vision.',
            'Irritability, unusual behaviour, confusion.',
            'At night: nightmares, sheets damp with sweat, a headache on waking.',
          ],
          paragraphs: ['If in doubt, check your glucose. If you cannot check, take sugar anyway.'],
        },
        {
          heading: 'The 15/15 rule',
          boxed: true,
          bullets: [
            v.hypoTreatment,
            '15 g of fast-acting sugar is, for example: 3 sugar lumps, a small glass (150 mL) of fruit juice or non-diet soda, or a tablespoon of honey or jam.',
            `If your glucose is still below ${v.low}, take another 15 g of fast-acting sugar and check again 15 minutes later.`,
            'Once your glucose is back up, eat: your meal if it is due within the hour, otherwise a snack (bread, biscuits, fruit).',
          ],
          paragraphs: ['To correct, choose fast-acting sugar rather than chocolate or cake: their fat slows the rise.'],
        },
        {
          heading: 'Severe hypoglycaemia: what the people around you do',
          bullets: [
            'If the person is unconscious, cannot swallow or is very confused: give nothing by mouth.',
            'Put them in the recovery position.',
            v.emergency,
            'If glucagon has been prescribed, those around can use it as the care team showed them, while waiting for help.',
          ],
        },
        {
          heading: 'After a hypoglycaemia',
          bullets: [
            'Record it in GlucoSuivi with what may have led to it: a lighter meal, physical activity, alcohol.',
            'Tell your care team, especially if it happens again, at night, or if you no longer feel the signs.',
            'Check your glucose before driving; do not drive until a hypoglycaemia has been corrected.',
            'Always carry sugar with you.',
          ],
        },
      ],
    }),
    'using-the-app': (v) => ({
      title: 'Getting the most out of GlucoSuivi',
      fileName: 'glucosuivi-handout-using-the-app.pdf',
      intro: 'GlucoSuivi gathers your readings so that you and your care team can follow your diabetes. Here are the essentials.',
      blocks: [
        {
          heading: 'Recording your readings',
          bullets: [
            '“New measurement” menu: glucose (fasting, before or after a meal, at bedtime, at night), HbA1c, lipid profile, blood pressure and weight.',
            'Enter values in your device’s unit (mg/dL or mmol/L, g/L for lipids): the app converts them. Choose the unit you see in “Settings”.',
            'Also note your meals, physical activity and remarks: they help explain your curves.',
            'The “Reminders” menu tells you when it is time to measure.',
          ],
        },
        {
          heading: 'Connecting your sensor',
          paragraphs: ['“Sensor connection” menu, as you prefer:'],
          bullets: [
            'import a LibreView or Dexcom Clarity export file (readings already there are not added twice);',
            'send readings automatically from a Nightscout-compatible app (xDrip+, AndroidAPS, Juggluco…) with a personal key, shown only once;',
            'follow your existing Nightscout site.',
          ],
        },
        {
          heading: 'Reading your dashboard',
          bullets: [
            'Time in range, time low and high, mean glucose, GMI, variability and the ambulatory glucose profile (AGP).',
            `A sensor report is representative with at least ${v.sensorDays} days of data and ${v.sensorActivePercent}% sensor wear time.`,
            'An alert appears when a value is too low or too high; notifications and e-mails are set in “Settings”.',
            'Observations explain what your data show and what to discuss with your care team; they do not replace medical advice.',
          ],
        },
        {
          heading: 'Your reports',
          bullets: [
            `“Reports” menu: a PDF report of ${v.reportDays} days to show at your appointment.`,
            'The weekly report compares the last 7 days with the 7 before.',
            'Your data belong to you: export them at any time as CSV (Excel) or FHIR.',
          ],
        },
      ],
    }),
    'sharing-data': (v) => ({
      title: 'Sharing your data with your care team',
      fileName: 'glucosuivi-handout-sharing-data.pdf',
      intro: 'You decide who sees what, and you can change your mind at any time. Everything is set in “My profile”.',
      blocks: [
        {
          heading: 'Inviting a professional',
          bullets: [
            'In “My care team”, invite a professional by e-mail address or with their personal code.',
            `A professional can also invite you: you receive an e-mail and accept or decline. An invitation expires after ${v.invitationDays} days.`,
          ],
        },
        {
          heading: 'Choosing what you share',
          bullets: [
            `For each professional, tick the categories shared: ${v.categories}.`,
            'A professional sees only the ticked categories, and only while you keep them in your care team.',
            'GlucoSuivi administrators never see your health data.',
            'Messages and appointments are with the professionals of your care team.',
          ],
        },
        {
          heading: 'Changing or removing access',
          bullets: [
            'Change the categories or remove a professional from your care team at any time: it takes effect at once.',
            'You keep your past conversations, read-only.',
          ],
        },
        {
          heading: 'Seeing who viewed your data',
          bullets: ['The “Who viewed my data” section lists every view, by a professional or through a secure link, with its date.'],
        },
        {
          heading: 'Secure links',
          bullets: [
            `A secure link shows your data without an account, for example to a doctor on call. You choose the categories, the period and how long it stays valid: from ${v.shareMin} to ${v.shareMax} (${v.shareDefault} by default).`,
            'Every opening is recorded, and you can revoke a link at any time.',
            'Give a link only to the person it is meant for: while it is valid, anyone who has it can see what it shares.',
          ],
        },
      ],
    }),
  },
};
