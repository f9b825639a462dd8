/**
 * The sample content the product specification shows: its events, its two featured
 * partners, the About page's team and the footer's company details. Dates are given
 * as month and day; the seed puts them all in the next year in which the first is still
 * ahead (see `sampleSeasonYear`).
 *
 * The partners and events are written in English, their main language, and carry a
 * Danish translation of every text beside it (ADR 034); the team's Danish sits in
 * `roleDa` and `bioDa`.
 */
import type { ImageRef } from "../schema";
import type { events, partnerBillingProfiles, partners, siteSettings, teamMembers } from "../schema";

type PartnerSeed = Omit<typeof partners.$inferInsert, "id" | "createdAt" | "updatedAt">;

type EventSeed = Omit<
  typeof events.$inferInsert,
  "id" | "partnerId" | "startsAt" | "endsAt" | "registrationDeadline" | "createdAt" | "updatedAt"
> & {
  partnerSlug: string;
  month: number;
  day: number;
  startTime: [hour: number, minute: number];
  endTime: [hour: number, minute: number];
  /** Sample companies whose teams are already registered. */
  registeredCompanies?: string[];
};

/** A picture's alt text in English, the sample content's main language, and in Danish. */
type AltTexts = [alt: string, altTranslation: string];

const image = (src: string, [alt, altTranslation]: AltTexts, width: number, height: number): ImageRef => ({
  src,
  alt,
  altTranslation,
  width,
  height,
});

/**
 * A picture link previews show: its 1200 × 630 JPEG lies beside the SVG, made from it by
 * scripts/generate-raster-images.ts, since LinkedIn, Slack and Facebook show no SVG.
 */
const withPreview = (ref: ImageRef): ImageRef => ({
  ...ref,
  previewSrc: ref.src.replace(/\.svg$/, "-preview.jpg"),
});

const eventImage = (slug: string, alts: AltTexts) =>
  withPreview(image(`/images/events/${slug}.svg`, alts, 1200, 675));

const coverImage = (slug: string, alts: AltTexts) =>
  withPreview(image(`/images/partners/${slug}-cover.svg`, alts, 1600, 500));

const gallery = (slug: string, alts: AltTexts[]) =>
  alts.map((alt, index) => image(`/images/partners/${slug}-gallery-${index + 1}.svg`, alt, 800, 600));

export const sampleSiteSettings: typeof siteSettings.$inferInsert = {
  id: 1,
  contactEmail: "hello@rethinkcorporatelife.dk",
  contactInboxEmail: "hello@rethinkcorporatelife.dk",
  contactPhone: "+45 33 12 45 78",
  companyRegistrationNumber: "43218778",
  legalName: "Rethink Corporate Life ApS",
  bankRegistration: "5301",
  bankAccount: "0612345678",
  fiCreditorNumber: "87654328",
  invoicePrefix: "RCL-",
  invoiceEmail: "faktura@rethinkcorporatelife.dk",
  addressLine: "Strandvejen 100",
  postalCode: "2900",
  city: "Hellerup",
  facebookUrl: "https://www.facebook.com/rethinkcorporatelife",
  instagramUrl: "https://www.instagram.com/rethinkcorporatelife",
  linkedinUrl: "https://www.linkedin.com/company/rethink-corporate-life",
};

/**
 * The sample partners' billing details, so the demo's bookings are invoiced: the club is
 * exempt from moms (a rowing club not run for profit) and takes +71 payments; the premium
 * partner is registered for moms and is paid by bank transfer. Both confirmed by RCL.
 */
export const sampleBillingProfiles: Record<
  string,
  Omit<typeof partnerBillingProfiles.$inferInsert, "partnerId" | "vatConfirmedAt">
> = {
  "copenhagen-harbour-rowing-club": {
    legalName: "Copenhagen Harbour Rowing Club",
    addressLine: "Strandvænget 46",
    postalCode: "2100",
    city: "København Ø",
    cvr: "29403473",
    vatStatus: "exempt",
    bankRegistration: "1551",
    bankAccount: "3456789",
    fiCreditorNumber: "85412345",
    invoicePrefix: "CHRC-",
    invoiceEmail: "kasserer@copenhagenharbourrowing.dk",
  },
  "frankfurter-rg-germania": {
    legalName: "Germania Events ApS",
    addressLine: "Kalkbrænderiløbskaj 4",
    postalCode: "2100",
    city: "København Ø",
    cvr: "31245680",
    vatStatus: "registered",
    bankRegistration: "5301",
    bankAccount: "0244567812",
    fiCreditorNumber: null,
    invoicePrefix: "FRG-",
    invoiceEmail: "rechnungen@frg-germania.de",
  },
};

export const samplePartners: PartnerSeed[] = [
  {
    slug: "frankfurter-rg-germania",
    name: "Frankfurter RG Germania",
    location: "Frankfurt am Main, Germany",
    address: "Schaumainkai 65, 60596 Frankfurt am Main, Germany",
    phone: "+49 69 61 23 45",
    email: "events@frg-germania.de",
    website: "frg-germania.de",
    facebookUrl: "https://www.facebook.com/frggermania",
    instagramUrl: "https://www.instagram.com/frggermania",
    linkedinUrl: null,
    foundedYear: 1869,
    memberships: "Corporate & Individual",
    language: "en",
    description:
      "One of Germany's oldest rowing clubs, hosting corporate regattas and coached team days on the river Main.",
    descriptionTranslation:
      "En af Tysklands ældste roklubber. Vi holder firmaregattaer og teamdage med træner på floden Main.",
    fullDescriptionHtml: `<p>Frankfurter RG Germania has rowed on the river Main since 1869. Today the club combines a proud racing tradition with a programme built for companies: coached taster sessions, corporate regattas and leadership days on the water.</p>
<p>Every corporate event is run by licensed coaches, with boats and equipment for crews of every level. No experience is needed: teams learn the basics on land, then take to the water in stable eights.</p>
<h3>Why companies choose us</h3>
<ul><li>Over 150 years of rowing experience</li><li>Central boathouse on the Frankfurt riverside</li><li>Programmes in English and German</li></ul>`,
    fullDescriptionHtmlTranslation: `<p>Frankfurter RG Germania har roet på Main siden 1869. I dag forener klubben en stolt kaproningstradition med et program, der er skræddersyet til virksomheder: prøvetimer med træner, firmaregattaer og ledelsesdage på vandet.</p>
<p>Alle vores arrangementer for virksomheder ledes af certificerede trænere, og vi har både og udstyr til hold på alle niveauer. Du behøver ingen erfaring: Holdet lærer det grundlæggende på land og ror derefter ud i en stabil otter.</p>
<h3>Derfor vælger virksomheder os</h3>
<ul><li>Over 150 års erfaring med roning</li><li>Centralt bådehus ved flodbredden i Frankfurt</li><li>Programmer på engelsk og tysk</li></ul>`,
    facilities: [
      "Boathouse with 40 boats, from eights to singles",
      "Indoor rowing room with 20 ergometers",
      "Changing rooms and showers",
      "Riverside terrace and meeting room for 60 guests",
    ],
    facilitiesTranslation: [
      "Bådehus med 40 både – fra otter til singlesculler",
      "Indendørs rosal med 20 romaskiner",
      "Omklædningsrum og bad",
      "Terrasse ved floden og mødelokale til 60 gæster",
    ],
    services: [
      "Corporate regattas",
      "Coached team-building sessions",
      "Leadership workshops on and off the water",
      "Catering and awards ceremonies",
    ],
    servicesTranslation: [
      "Firmaregattaer",
      "Teambuilding med træner",
      "Ledelsesworkshops på vandet og på land",
      "Forplejning og præmieoverrækkelser",
    ],
    testimonials: [
      {
        name: "Katrin Weber",
        position: "HR Director, Mainfeld Bank",
        positionTranslation: "HR-direktør, Mainfeld Bank",
        comment:
          "Our teams still talk about the regatta. The coaches made forty beginners feel like a real crew within an hour.",
        commentTranslation:
          "Vores medarbejdere taler stadig om regattaen. På under en time fik trænerne fyrre begyndere til at føle sig som et rigtigt hold.",
      },
      {
        name: "Lars Holm",
        position: "CEO, Nordhavn Analytics",
        positionTranslation: "Adm. direktør, Nordhavn Analytics",
        comment:
          "Professional from the first email to the final sprint. The best team day we have run in years.",
        commentTranslation:
          "Professionelt fra den første mail til den sidste spurt. Den bedste teamdag, vi har haft i mange år.",
      },
    ],
    gallery: gallery("frankfurter-rg-germania", [
      ["The boathouse on the river Main", "Bådehuset ved floden Main"],
      ["A corporate eight racing at sunrise", "En firmaotter i kapløb ved solopgang"],
      ["Oars ready on the rack", "Årer klar på stativet"],
      ["Crews training on the river", "Hold, der træner på floden"],
    ]),
    logo: image(
      "/images/partners/frankfurter-rg-germania-logo.svg",
      ["Frankfurter RG Germania logo", "Logo for Frankfurter RG Germania"],
      256,
      256,
    ),
    cover: coverImage("frankfurter-rg-germania", [
      "The Frankfurt skyline seen from the river",
      "Frankfurts skyline set fra floden",
    ]),
    status: "approved",
    tier: "premium",
    revenueSharePercent: 12,
    featured: true,
  },
  {
    slug: "copenhagen-harbour-rowing-club",
    name: "Copenhagen Harbour Rowing Club",
    location: "Copenhagen, Denmark",
    address: "Kalkbrænderiløbskaj 4, 2100 København Ø, Denmark",
    phone: "+45 35 26 11 90",
    email: "corporate@harbourrowing.dk",
    website: "harbourrowing.dk",
    facebookUrl: "https://www.facebook.com/harbourrowing",
    instagramUrl: null,
    linkedinUrl: "https://www.linkedin.com/company/harbourrowing",
    foundedYear: 1887,
    memberships: "Corporate",
    language: "en",
    description:
      "Rowing in the heart of Copenhagen's harbour, with team days, indoor challenges and networking evenings by the water.",
    descriptionTranslation:
      "Roning midt i Københavns havn med teamdage, indendørs konkurrencer og netværksaftener ved vandet.",
    fullDescriptionHtml: `<p>Copenhagen Harbour Rowing Club brings companies onto the water in the middle of the city. Our coaches design days that mix rowing, reflection and good food, for teams from five to two hundred people.</p>
<p>When the harbour is rough, the action moves to our indoor rowing hall, where live leaderboards keep the competition going.</p>`,
    fullDescriptionHtmlTranslation: `<p>Copenhagen Harbour Rowing Club får virksomheder ud på vandet midt i byen. Vores trænere sammensætter dage med roning, refleksion og god mad – for grupper på alt fra 5 til 200 personer.</p>
<p>Når havnen er for urolig, flytter vi ind i vores indendørs rohal, hvor live-resultattavler holder konkurrencen i gang.</p>`,
    facilities: [
      "Harbour-front boathouse",
      "Indoor rowing hall with 30 ergometers and live leaderboards",
      "Event lounge for 120 guests",
    ],
    facilitiesTranslation: [
      "Bådehus direkte ud til havnen",
      "Indendørs rohal med 30 romaskiner og live-resultattavler",
      "Lounge til arrangementer med plads til 120 gæster",
    ],
    services: [
      "Team-building days",
      "Indoor rowing challenges",
      "Networking evenings",
      "Off-site venue hire",
    ],
    servicesTranslation: [
      "Teambuilding-dage",
      "Indendørs rokonkurrencer",
      "Netværksaftener",
      "Leje af lokaler til møder ud af huset",
    ],
    testimonials: [
      {
        name: "Mia Sørensen",
        position: "People & Culture Lead, Fjord Logistics",
        positionTranslation: "Leder af People & Culture, Fjord Logistics",
        comment: "A perfect mix of exercise, laughter and real conversations between departments.",
        commentTranslation: "Den perfekte blanding af motion, grin og ægte samtaler på tværs af afdelinger.",
      },
    ],
    gallery: gallery("copenhagen-harbour-rowing-club", [
      ["The harbour-front boathouse", "Bådehuset ud til havnen"],
      ["A crew passing colourful harbour houses", "Et hold ror forbi farverige huse i havnen"],
      ["The indoor rowing hall", "Den indendørs rohal"],
      ["An evening event in the lounge", "Et aftenarrangement i loungen"],
    ]),
    logo: image(
      "/images/partners/copenhagen-harbour-rowing-club-logo.svg",
      ["Copenhagen Harbour Rowing Club logo", "Logo for Copenhagen Harbour Rowing Club"],
      256,
      256,
    ),
    cover: coverImage("copenhagen-harbour-rowing-club", [
      "Copenhagen harbour with colourful houses",
      "Københavns havn med farverige huse",
    ]),
    status: "approved",
    tier: "basic",
    revenueSharePercent: null,
    featured: true,
  },
];

const sampleRuleText = "A team is 8 rowers plus 1 cox, with at least 3 members of each gender per boat.";
const sampleRuleTextDa =
  "Et hold består af 8 roere og 1 styrmand, og der skal være mindst 3 af hvert køn i hver båd.";

export const sampleEvents: EventSeed[] = [
  {
    slug: "riverside-team-racing",
    language: "en",
    title: "Riverside Team Racing",
    titleTranslation: "Holdkaproning på floden",
    description:
      "A full day of coached team racing on the river: learn to row as one crew, then race other companies in a friendly regatta.",
    descriptionTranslation:
      "En hel dag med holdkaproning og træner på floden: Lær at ro som ét hold, og kæmp så mod andre virksomheder i en venskabelig regatta.",
    detailedDescriptionHtml: `<p>Riverside Team Racing turns your colleagues into a crew. In the morning, licensed coaches teach the rowing stroke on land and on the water. In the afternoon, teams race each other over 500 metres in a friendly regatta, finishing with an awards ceremony on the terrace.</p>
<h3>Team format</h3>
<p>${sampleRuleText} Boats, oars, life jackets and coaching are included.</p>
<h3>What is included</h3>
<ul><li>Coached technique sessions</li><li>Regatta heats and final</li><li>Lunch, refreshments and awards</li><li>Photos of every crew</li></ul>`,
    detailedDescriptionHtmlTranslation: `<p>Med Holdkaproning på floden bliver dine kolleger til et rigtigt hold. Om formiddagen lærer certificerede trænere jer rotaget – først på land, så på vandet. Om eftermiddagen dyster holdene mod hinanden over 500 meter i en venskabelig regatta, og dagen slutter med præmieoverrækkelse på terrassen.</p>
<h3>Sådan er holdet sammensat</h3>
<p>${sampleRuleTextDa} Både, årer, redningsveste og træner er med i prisen.</p>
<h3>Det får du</h3>
<ul><li>Tekniktræning med træner</li><li>Indledende løb og finale</li><li>Frokost, forfriskninger og præmier</li><li>Fotos af alle hold</li></ul>`,
    type: "traditional_rowing",
    status: "published",
    isNetworking: false,
    partnerSlug: "frankfurter-rg-germania",
    // A stricter policy than the default, so the sample site shows one of each.
    refundPolicy: [
      { daysBefore: 45, percent: 100 },
      { daysBefore: 21, percent: 75 },
      { daysBefore: 7, percent: 25 },
    ],
    paymentMethods: "both",
    location: "Frankfurt am Main, Germany",
    locationTranslation: "Frankfurt am Main, Tyskland",
    locationDetails: "Boathouse of Frankfurter RG Germania, Schaumainkai 65, on the south bank of the Main.",
    locationDetailsTranslation: "Frankfurter RG Germanias bådehus, Schaumainkai 65, på Mains sydbred.",
    image: eventImage("riverside-team-racing", [
      "Rowing eights racing side by side on a river",
      "Robåde i kapløb side om side på en flod",
    ]),
    month: 6,
    day: 15,
    startTime: [9, 0],
    endTime: [17, 0],
    priceMinor: 400_000,
    currency: "DKK",
    maxTeams: 20,
    teamSize: 9,
    schedule: [
      {
        time: "9:00 AM",
        activity: "Arrival, coffee and safety briefing",
        activityTranslation: "Ankomst, kaffe og sikkerhedsinstruktion",
      },
      {
        time: "9:30 AM",
        activity: "Technique on the rowing machines",
        activityTranslation: "Teknik på romaskinerne",
      },
      {
        time: "10:30 AM",
        activity: "First session on the water with coaches",
        activityTranslation: "Første tur på vandet med trænere",
      },
      { time: "12:30 PM", activity: "Lunch on the terrace", activityTranslation: "Frokost på terrassen" },
      { time: "1:30 PM", activity: "Regatta heats", activityTranslation: "Indledende løb" },
      { time: "3:30 PM", activity: "Finals", activityTranslation: "Finaler" },
      {
        time: "4:30 PM",
        activity: "Awards ceremony and drinks",
        activityTranslation: "Præmieoverrækkelse og drinks",
      },
    ],
    faqs: [
      {
        question: "How many people are in a team?",
        questionTranslation: "Hvor mange er der på et hold?",
        answer: sampleRuleText,
        answerTranslation: sampleRuleTextDa,
      },
      {
        question: "Do we need rowing experience?",
        questionTranslation: "Skal vi have erfaring med roning?",
        answer: "No. Coaches teach everything you need on the day, and the boats are stable eights.",
        answerTranslation:
          "Nej. Trænerne lærer jer alt, hvad I skal kunne, på selve dagen, og I ror i en stabil otter.",
      },
      {
        question: "What should we wear?",
        questionTranslation: "Hvad skal vi have på?",
        answer: "Sports clothes that fit close to the body, trainers and a change of clothes.",
        answerTranslation: "Tætsiddende sportstøj, løbesko og et sæt skiftetøj.",
      },
      {
        question: "What happens in bad weather?",
        questionTranslation: "Hvad sker der i dårligt vejr?",
        answer: "Racing moves to the indoor rowing room; the programme and price stay the same.",
        answerTranslation: "Så flytter løbene ind i den indendørs rosal. Program og pris er de samme.",
      },
    ],
    publishedAt: new Date("2025-01-10T09:00:00Z"),
    registeredCompanies: [
      "Nordhavn Analytics",
      "Fjord Logistics",
      "Mainfeld Bank",
      "Kastrup Engineering",
      "Amager Design Studio",
      "Hygge Software",
      "Vesterbro Finance",
      "Øresund Energy",
      "Lyngby Biotech",
      "Nyhavn Legal",
      "Refshaleøen Media",
      "Frederiksberg Health",
    ],
  },
  {
    slug: "equestrian-corporate-retreat",
    language: "en",
    title: "Equestrian Corporate Retreat",
    titleTranslation: "Ledelsesdag med heste",
    description:
      "A day at a countryside stable: groundwork with horses, leadership reflection and a long lunch, far from the office.",
    descriptionTranslation:
      "En dag i en stald på landet: øvelser med heste fra jorden, refleksion over ledelse og en lang frokost – langt fra kontoret.",
    detailedDescriptionHtml: `<p>Horses respond to calm, clear leadership, which makes them honest teachers. Guided by experienced trainers, your team works with horses from the ground, with no riding required, and reflects on communication and trust.</p>
<h3>Who it is for</h3>
<p>Leadership teams and project groups who want to understand how they work together.</p>`,
    detailedDescriptionHtmlTranslation: `<p>Heste reagerer på rolig og tydelig ledelse, og det gør dem til ærlige læremestre. Med erfarne instruktører ved jeres side arbejder I med hestene fra jorden – ingen skal ride – og reflekterer over kommunikation og tillid.</p>
<h3>Hvem er det for?</h3>
<p>Ledergrupper og projektgrupper, der vil forstå, hvordan de arbejder sammen.</p>`,
    type: "team_building",
    status: "published",
    isNetworking: false,
    partnerSlug: "copenhagen-harbour-rowing-club",
    location: "Klampenborg, Denmark",
    locationTranslation: "Klampenborg, Danmark",
    locationDetails: "Stables by Dyrehaven, a short walk from Klampenborg station.",
    locationDetailsTranslation: "En stald ved Dyrehaven, få minutters gang fra Klampenborg Station.",
    image: eventImage("equestrian-corporate-retreat", [
      "Horses grazing in a green meadow",
      "Heste, der græsser på en grøn eng",
    ]),
    month: 7,
    day: 8,
    startTime: [10, 0],
    endTime: [16, 0],
    priceMinor: 600_000,
    currency: "DKK",
    maxTeams: 8,
    teamSize: 10,
    schedule: [
      {
        time: "10:00 AM",
        activity: "Welcome and introduction to the herd",
        activityTranslation: "Velkomst og præsentation af flokken",
      },
      {
        time: "10:30 AM",
        activity: "Groundwork exercises in pairs",
        activityTranslation: "Øvelser fra jorden, to og to",
      },
      {
        time: "12:30 PM",
        activity: "Long lunch in the farmhouse",
        activityTranslation: "Lang frokost i stuehuset",
      },
      {
        time: "2:00 PM",
        activity: "Team challenge with the horses",
        activityTranslation: "Holdudfordring med hestene",
      },
      {
        time: "3:30 PM",
        activity: "Reflection and take-aways",
        activityTranslation: "Refleksion og læring til hverdagen",
      },
    ],
    faqs: [
      {
        question: "Do we ride the horses?",
        questionTranslation: "Skal vi ride på hestene?",
        answer: "No. All exercises are done from the ground.",
        answerTranslation: "Nej. Alle øvelser foregår fra jorden.",
      },
      {
        question: "Is it safe for people who are nervous around horses?",
        questionTranslation: "Kan jeg være med, hvis jeg er nervøs for heste?",
        answer: "Yes. Trainers choose calm horses and every exercise can be watched before joining in.",
        answerTranslation:
          "Ja. Instruktørerne vælger rolige heste, og du kan altid se en øvelse an, før du selv er med.",
      },
    ],
    publishedAt: new Date("2025-02-01T09:00:00Z"),
    registeredCompanies: ["Lyngby Biotech", "Nyhavn Legal", "Hygge Software"],
  },
  {
    slug: "oxford-leadership-summit",
    language: "en",
    title: "Oxford Leadership Summit",
    titleTranslation: "Ledelsestopmøde i Oxford",
    description:
      "Two sessions on leadership from rowing's best coaches, a row on the Isis and an evening of conversation with peers.",
    descriptionTranslation:
      "To sessioner om ledelse med nogle af rosportens bedste trænere, en tur på Isis og en aften med gode samtaler blandt ligesindede.",
    detailedDescriptionHtml: `<p>What can leaders learn from a crew that must move as one? Coaches and former Boat Race rowers share how great crews are built, then you experience it in a coached row on the river.</p>
<ul><li>Keynote: trust at full pressure</li><li>Workshop: feedback in the boat and at work</li><li>Coached row and evening reception</li></ul>`,
    detailedDescriptionHtmlTranslation: `<p>Hvad kan ledere lære af et hold, der skal bevæge sig som ét? Trænere og tidligere Boat Race-roere fortæller, hvordan de bedste hold bliver bygget – og bagefter prøver du det selv på en rotur med træner på floden.</p>
<ul><li>Keynote: Tillid, når det gælder</li><li>Workshop: Feedback i båden og på jobbet</li><li>Rotur med træner og aftenreception</li></ul>`,
    type: "team_building",
    status: "published",
    isNetworking: false,
    partnerSlug: "frankfurter-rg-germania",
    location: "Oxford, United Kingdom",
    locationTranslation: "Oxford, Storbritannien",
    locationDetails: "A college boathouse on the Isis, a 15-minute walk from the city centre.",
    locationDetailsTranslation: "Et colleges bådehus ved Isis, 15 minutters gang fra centrum.",
    image: eventImage("oxford-leadership-summit", [
      "Historic spires beside a river with a single boat",
      "Historiske spir ved en flod med en enkelt båd",
    ]),
    month: 8,
    day: 22,
    startTime: [9, 30],
    endTime: [18, 0],
    priceMinor: 960_000,
    currency: "DKK",
    maxTeams: 12,
    teamSize: 6,
    schedule: [
      { time: "9:30 AM", activity: "Registration and coffee", activityTranslation: "Indtjekning og kaffe" },
      {
        time: "10:00 AM",
        activity: "Keynote: trust at full pressure",
        activityTranslation: "Keynote: Tillid, når det gælder",
      },
      {
        time: "11:30 AM",
        activity: "Workshop: feedback in the boat and at work",
        activityTranslation: "Workshop: Feedback i båden og på jobbet",
      },
      { time: "1:00 PM", activity: "Lunch", activityTranslation: "Frokost" },
      {
        time: "2:30 PM",
        activity: "Coached row on the Isis",
        activityTranslation: "Rotur med træner på Isis",
      },
      { time: "5:00 PM", activity: "Evening reception", activityTranslation: "Aftenreception" },
    ],
    faqs: [
      {
        question: "Is the summit held in English?",
        questionTranslation: "Foregår topmødet på engelsk?",
        answer: "Yes, all sessions are in English.",
        answerTranslation: "Ja, alle sessioner er på engelsk.",
      },
      {
        question: "Can we send a team of fewer than six?",
        questionTranslation: "Kan vi sende et hold på færre end seks?",
        answer: "Yes. Teams of two to six people are welcome; the price is per team.",
        answerTranslation: "Ja. Hold på to til seks personer er velkomne, og prisen er pr. hold.",
      },
    ],
    publishedAt: new Date("2025-02-15T09:00:00Z"),
    registeredCompanies: ["Mainfeld Bank", "Vesterbro Finance"],
  },
  {
    slug: "networking-mixer",
    language: "en",
    title: "Networking Mixer",
    titleTranslation: "Netværksaften",
    description:
      "An evening by the harbour for professionals from member companies: short talks, a taster row and relaxed conversation.",
    descriptionTranslation:
      "En aften ved havnen for fagfolk fra medlemsvirksomhederne: korte oplæg, en prøvetur i båd og afslappede samtaler.",
    detailedDescriptionHtml: `<p>Meet people from other companies in the Rethink Corporate Life community. After two short talks on corporate wellbeing, you can try a taster row in the harbour or simply enjoy drinks on the pier.</p>`,
    detailedDescriptionHtmlTranslation: `<p>Mød folk fra andre virksomheder i Rethink Corporate Life-fællesskabet. Efter to korte oplæg om trivsel på arbejdspladsen kan du tage en prøvetur i havnen eller bare nyde en drink på kajen.</p>`,
    type: "team_building",
    status: "published",
    isNetworking: true,
    partnerSlug: "copenhagen-harbour-rowing-club",
    location: "Copenhagen, Denmark",
    locationTranslation: "København, Danmark",
    locationDetails: "The event lounge of Copenhagen Harbour Rowing Club, Nordhavn.",
    locationDetailsTranslation: "Loungen i Copenhagen Harbour Rowing Club, Nordhavn.",
    image: eventImage("networking-mixer", [
      "A harbour at dusk with conversation bubbles",
      "En havn i skumringen med talebobler",
    ]),
    // The specification gives the mixer no date. It opens the season, so the home page's
    // "Upcoming Networking Mixer" card (the next networking event) shows it.
    month: 5,
    day: 14,
    startTime: [17, 30],
    endTime: [21, 0],
    priceMinor: 120_000,
    currency: "DKK",
    maxTeams: 30,
    teamSize: 4,
    schedule: [
      { time: "5:30 PM", activity: "Welcome drinks", activityTranslation: "Velkomstdrink" },
      {
        time: "6:00 PM",
        activity: "Two short talks on corporate wellbeing",
        activityTranslation: "To korte oplæg om trivsel på arbejdspladsen",
      },
      {
        time: "6:45 PM",
        activity: "Taster rows in the harbour",
        activityTranslation: "Prøveture i havnen",
      },
      { time: "7:30 PM", activity: "Dinner and networking", activityTranslation: "Middag og netværk" },
    ],
    faqs: [
      {
        question: "Who attends the mixer?",
        questionTranslation: "Hvem kommer til netværksaftenen?",
        answer: "HR leaders, managers and professionals from companies in the RCL community.",
        answerTranslation: "HR-chefer, ledere og fagfolk fra virksomheder i RCL-fællesskabet.",
      },
      {
        question: "Is the taster row required?",
        questionTranslation: "Skal jeg med på prøveturen?",
        answer: "No, it is optional and takes 20 minutes.",
        answerTranslation: "Nej, den er frivillig og tager 20 minutter.",
      },
    ],
    publishedAt: new Date("2025-03-01T09:00:00Z"),
    registeredCompanies: ["Refshaleøen Media", "Amager Design Studio", "Øresund Energy", "Fjord Logistics"],
  },
  {
    slug: "indoor-rowing-challenge",
    language: "en",
    title: "Indoor Rowing Challenge",
    titleTranslation: "Indendørs rokonkurrence",
    description:
      "Relay races on rowing machines with live leaderboards: a high-energy challenge for teams of every fitness level.",
    descriptionTranslation:
      "Stafet på romaskiner med live-resultattavler: en udfordring fuld af energi for hold i enhver form.",
    detailedDescriptionHtml: `<p>Teams race relays on linked rowing machines while a big screen shows every boat's position. Short intervals keep it fun for beginners and tough for the competitive.</p>
<h3>Format</h3><p>Each team rows a 2,000-metre relay in turns of 250 metres, then meets the others in a final.</p>`,
    detailedDescriptionHtmlTranslation: `<p>Holdene ror stafet på forbundne romaskiner, mens en storskærm viser, hvor hver båd ligger. Korte intervaller gør det sjovt for begyndere og hårdt for de konkurrencelystne.</p>
<h3>Sådan foregår det</h3><p>Hvert hold ror en stafet på 2.000 meter i tørne på 250 meter og møder derefter de andre hold i en finale.</p>`,
    type: "indoor_rowing",
    status: "published",
    isNetworking: false,
    partnerSlug: "copenhagen-harbour-rowing-club",
    // Refunds in full until two days before: an indoor event is easy to fill again.
    refundPolicy: [{ daysBefore: 2, percent: 100 }],
    paymentMethods: "both",
    location: "Copenhagen, Denmark",
    locationTranslation: "København, Danmark",
    locationDetails: "Indoor rowing hall, Copenhagen Harbour Rowing Club.",
    locationDetailsTranslation: "Den indendørs rohal, Copenhagen Harbour Rowing Club.",
    image: eventImage("indoor-rowing-challenge", ["A row of indoor rowing machines", "En række romaskiner"]),
    month: 10,
    day: 2,
    startTime: [13, 0],
    endTime: [17, 0],
    priceMinor: 240_000,
    currency: "DKK",
    maxTeams: 16,
    teamSize: 8,
    schedule: [
      { time: "1:00 PM", activity: "Warm-up and technique", activityTranslation: "Opvarmning og teknik" },
      { time: "1:45 PM", activity: "Relay heats", activityTranslation: "Indledende stafetløb" },
      { time: "3:30 PM", activity: "Final", activityTranslation: "Finale" },
      {
        time: "4:15 PM",
        activity: "Prizes and refreshments",
        activityTranslation: "Præmier og forfriskninger",
      },
    ],
    faqs: [
      {
        question: "Is it suitable for beginners?",
        questionTranslation: "Passer det til begyndere?",
        answer: "Yes. Coaches teach the technique first, and each turn lasts about a minute.",
        answerTranslation: "Ja. Trænerne gennemgår teknikken først, og hver tørn varer omkring et minut.",
      },
    ],
    publishedAt: new Date("2025-03-10T09:00:00Z"),
    registeredCompanies: ["Kastrup Engineering"],
  },
  {
    slug: "leadership-brunch-copenhagen",
    language: "en",
    title: "Leadership Brunch Copenhagen",
    titleTranslation: "Lederbrunch i København",
    description:
      "A relaxed Sunday brunch for leaders: short round-table conversations on leading teams, hosted by the harbour.",
    descriptionTranslation:
      "En afslappet søndagsbrunch for ledere med korte rundbordssamtaler om at lede et hold – ved havnen.",
    detailedDescriptionHtml: `<p>Join fellow leaders for brunch and three rounds of hosted table conversations about building teams that last.</p>`,
    detailedDescriptionHtmlTranslation: `<p>Mød andre ledere til brunch og tre runder bordsamtaler med en vært om at bygge hold, der holder.</p>`,
    type: "team_building",
    status: "published",
    isNetworking: true,
    partnerSlug: "copenhagen-harbour-rowing-club",
    location: "Copenhagen, Denmark",
    locationTranslation: "København, Danmark",
    locationDetails: "The event lounge of Copenhagen Harbour Rowing Club, Nordhavn.",
    locationDetailsTranslation: "Loungen i Copenhagen Harbour Rowing Club, Nordhavn.",
    image: eventImage("leadership-brunch-copenhagen", [
      "A brunch table by a harbour window",
      "Et brunchbord ved et vindue ud mod havnen",
    ]),
    month: 5,
    day: 25,
    startTime: [10, 0],
    endTime: [13, 0],
    priceMinor: 76_000,
    currency: "DKK",
    maxTeams: 15,
    teamSize: 2,
    schedule: [
      { time: "10:00 AM", activity: "Brunch buffet opens", activityTranslation: "Brunchbuffeten åbner" },
      {
        time: "10:30 AM",
        activity: "Round-table conversations",
        activityTranslation: "Rundbordssamtaler",
      },
      { time: "12:30 PM", activity: "Open networking", activityTranslation: "Fri netværkning" },
    ],
    faqs: [
      {
        question: "Can I come alone?",
        questionTranslation: "Kan jeg komme alene?",
        answer: "Yes. Register a team of one or bring a colleague.",
        answerTranslation: "Ja. Tilmeld et hold på én, eller tag en kollega med.",
      },
    ],
    publishedAt: new Date("2025-01-20T09:00:00Z"),
  },
  {
    slug: "virtual-career-workshop",
    language: "en",
    title: "Virtual Career Workshop",
    titleTranslation: "Online karriereworkshop",
    description:
      "An online workshop on growing your career through community: personal branding, mentoring and making connections count.",
    descriptionTranslation:
      "En onlineworkshop om at udvikle din karriere gennem fællesskab: personlig branding, mentorskab og et netværk, der gør en forskel.",
    detailedDescriptionHtml: `<p>A live, interactive online workshop with breakout rooms. You will leave with a personal networking plan and a mentor match from the RCL community.</p>`,
    detailedDescriptionHtmlTranslation: `<p>En live og interaktiv onlineworkshop med grupperum. Du går derfra med en personlig netværksplan og en mentor fra RCL-fællesskabet.</p>`,
    type: "team_building",
    status: "published",
    isNetworking: true,
    partnerSlug: "frankfurter-rg-germania",
    location: "Online",
    locationTranslation: "Online",
    locationDetails: "A video-call link is sent to registered teams the day before.",
    locationDetailsTranslation: "Tilmeldte hold får et link til videomødet dagen før.",
    image: eventImage("virtual-career-workshop", [
      "A laptop showing a video call",
      "En bærbar computer med et videomøde på skærmen",
    ]),
    month: 6,
    day: 12,
    startTime: [15, 0],
    endTime: [17, 0],
    priceMinor: 0,
    currency: "DKK",
    maxTeams: 50,
    teamSize: 5,
    schedule: [
      {
        time: "3:00 PM",
        activity: "Welcome and introductions",
        activityTranslation: "Velkomst og præsentationsrunde",
      },
      {
        time: "3:20 PM",
        activity: "Personal branding session",
        activityTranslation: "Session om personlig branding",
      },
      {
        time: "4:00 PM",
        activity: "Breakout rooms: mentoring",
        activityTranslation: "Grupperum: mentorskab",
      },
      { time: "4:40 PM", activity: "Your networking plan", activityTranslation: "Din netværksplan" },
    ],
    faqs: [
      {
        question: "What do I need to join?",
        questionTranslation: "Hvad skal jeg bruge for at deltage?",
        answer: "A computer with a camera and a stable internet connection.",
        answerTranslation: "En computer med kamera og en stabil internetforbindelse.",
      },
    ],
    publishedAt: new Date("2025-02-20T09:00:00Z"),
  },
];

export const sampleTeam: Omit<typeof teamMembers.$inferInsert, "id">[] = [
  {
    position: 1,
    name: "Mette Lindqvist",
    role: "Founder & CEO",
    roleDa: "Stifter og adm. direktør",
    bio: "Former national-team rower who spent ten years in consulting before founding RCL in 2022.",
    bioDa: "Tidligere landsholdsroer, der arbejdede ti år som konsulent, før hun stiftede RCL i 2022.",
    photo: image(
      "/images/team/mette-lindqvist.svg",
      ["Portrait of Mette Lindqvist", "Portræt af Mette Lindqvist"],
      400,
      400,
    ),
  },
  {
    position: 2,
    name: "Jonas Kragh",
    role: "Head of Partnerships",
    roleDa: "Partneransvarlig",
    bio: "Works with rowing clubs and venues across Denmark to bring their programmes to companies.",
    bioDa:
      "Samarbejder med roklubber og eventsteder i hele Danmark om at gøre deres tilbud tilgængelige for virksomheder.",
    photo: image(
      "/images/team/jonas-kragh.svg",
      ["Portrait of Jonas Kragh", "Portræt af Jonas Kragh"],
      400,
      400,
    ),
  },
  {
    position: 3,
    name: "Sofie Andersen",
    role: "Community & Events Lead",
    roleDa: "Ansvarlig for fællesskab og arrangementer",
    bio: "Plans the networking programme and makes sure every event feels welcoming.",
    bioDa: "Planlægger netværksprogrammet og sørger for, at alle føler sig velkomne til vores arrangementer.",
    photo: image(
      "/images/team/sofie-andersen.svg",
      ["Portrait of Sofie Andersen", "Portræt af Sofie Andersen"],
      400,
      400,
    ),
  },
];

/** The sample pictures link previews show, each event's and each partner's cover, with their JPEGs. */
export function samplePreviewImages(): { src: string; previewSrc: string }[] {
  const pictures = [
    ...sampleEvents.map((event) => event.image),
    ...samplePartners.map((partner) => partner.cover),
  ];
  return pictures.flatMap((picture) =>
    picture?.previewSrc ? [{ src: picture.src, previewSrc: picture.previewSrc }] : [],
  );
}
