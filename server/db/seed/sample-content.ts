/**
 * The sample content the product specification shows: its events, its two featured
 * partners, the About page's team and the footer's company details. Dates are given
 * as month and day; the seed puts them all in the next year in which the first is still
 * ahead (see `sampleSeasonYear`).
 */
import type { ImageRef } from "../schema";
import type { events, partners, siteSettings, teamMembers } from "../schema";

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

const image = (src: string, alt: string, width: number, height: number): ImageRef => ({
  src,
  alt,
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

const eventImage = (slug: string, alt: string) =>
  withPreview(image(`/images/events/${slug}.svg`, alt, 1200, 675));

const coverImage = (slug: string, alt: string) =>
  withPreview(image(`/images/partners/${slug}-cover.svg`, alt, 1600, 500));

const gallery = (slug: string, alts: string[]) =>
  alts.map((alt, index) => image(`/images/partners/${slug}-gallery-${index + 1}.svg`, alt, 800, 600));

export const sampleSiteSettings: typeof siteSettings.$inferInsert = {
  id: 1,
  contactEmail: "hello@rethinkcorporatelife.dk",
  contactInboxEmail: "hello@rethinkcorporatelife.dk",
  contactPhone: "+45 33 12 45 78",
  companyRegistrationNumber: "43218765",
  addressLine: "Strandvejen 100",
  postalCode: "2900",
  city: "Hellerup",
  facebookUrl: "https://www.facebook.com/rethinkcorporatelife",
  instagramUrl: "https://www.instagram.com/rethinkcorporatelife",
  linkedinUrl: "https://www.linkedin.com/company/rethink-corporate-life",
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
    description:
      "One of Germany's oldest rowing clubs, hosting corporate regattas and coached team days on the river Main.",
    fullDescriptionHtml: `<p>Frankfurter RG Germania has rowed on the river Main since 1869. Today the club combines a proud racing tradition with a programme built for companies: coached taster sessions, corporate regattas and leadership days on the water.</p>
<p>Every corporate event is run by licensed coaches, with boats and equipment for crews of every level. No experience is needed: teams learn the basics on land, then take to the water in stable eights.</p>
<h3>Why companies choose us</h3>
<ul><li>Over 150 years of rowing experience</li><li>Central boathouse on the Frankfurt riverside</li><li>Programmes in English and German</li></ul>`,
    facilities: [
      "Boathouse with 40 boats, from eights to singles",
      "Indoor rowing room with 20 ergometers",
      "Changing rooms and showers",
      "Riverside terrace and meeting room for 60 guests",
    ],
    services: [
      "Corporate regattas",
      "Coached team-building sessions",
      "Leadership workshops on and off the water",
      "Catering and awards ceremonies",
    ],
    testimonials: [
      {
        name: "Katrin Weber",
        position: "HR Director, Mainfeld Bank",
        comment:
          "Our teams still talk about the regatta. The coaches made forty beginners feel like a real crew within an hour.",
      },
      {
        name: "Lars Holm",
        position: "CEO, Nordhavn Analytics",
        comment:
          "Professional from the first email to the final sprint. The best team day we have run in years.",
      },
    ],
    gallery: gallery("frankfurter-rg-germania", [
      "The boathouse on the river Main",
      "A corporate eight racing at sunrise",
      "Oars ready on the rack",
      "Crews training on the river",
    ]),
    logo: image(
      "/images/partners/frankfurter-rg-germania-logo.svg",
      "Frankfurter RG Germania logo",
      256,
      256,
    ),
    cover: coverImage("frankfurter-rg-germania", "The Frankfurt skyline seen from the river"),
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
    description:
      "Rowing in the heart of Copenhagen's harbour, with team days, indoor challenges and networking evenings by the water.",
    fullDescriptionHtml: `<p>Copenhagen Harbour Rowing Club brings companies onto the water in the middle of the city. Our coaches design days that mix rowing, reflection and good food, for teams from five to two hundred people.</p>
<p>When the harbour is rough, the action moves to our indoor rowing hall, where live leaderboards keep the competition going.</p>`,
    facilities: [
      "Harbour-front boathouse",
      "Indoor rowing hall with 30 ergometers and live leaderboards",
      "Event lounge for 120 guests",
    ],
    services: [
      "Team-building days",
      "Indoor rowing challenges",
      "Networking evenings",
      "Off-site venue hire",
    ],
    testimonials: [
      {
        name: "Mia Sørensen",
        position: "People & Culture Lead, Fjord Logistics",
        comment: "A perfect mix of exercise, laughter and real conversations between departments.",
      },
    ],
    gallery: gallery("copenhagen-harbour-rowing-club", [
      "The harbour-front boathouse",
      "A crew passing colourful harbour houses",
      "The indoor rowing hall",
      "An evening event in the lounge",
    ]),
    logo: image(
      "/images/partners/copenhagen-harbour-rowing-club-logo.svg",
      "Copenhagen Harbour Rowing Club logo",
      256,
      256,
    ),
    cover: coverImage("copenhagen-harbour-rowing-club", "Copenhagen harbour with colourful houses"),
    status: "approved",
    tier: "basic",
    revenueSharePercent: null,
    featured: true,
  },
];

const sampleRuleText = "A team is 8 rowers plus 1 cox, with at least 3 members of each gender per boat.";

export const sampleEvents: EventSeed[] = [
  {
    slug: "riverside-team-racing",
    title: "Riverside Team Racing",
    description:
      "A full day of coached team racing on the river: learn to row as one crew, then race other companies in a friendly regatta.",
    detailedDescriptionHtml: `<p>Riverside Team Racing turns your colleagues into a crew. In the morning, licensed coaches teach the rowing stroke on land and on the water. In the afternoon, teams race each other over 500 metres in a friendly regatta, finishing with an awards ceremony on the terrace.</p>
<h3>Team format</h3>
<p>${sampleRuleText} Boats, oars, life jackets and coaching are included.</p>
<h3>What is included</h3>
<ul><li>Coached technique sessions</li><li>Regatta heats and final</li><li>Lunch, refreshments and awards</li><li>Photos of every crew</li></ul>`,
    type: "traditional_rowing",
    status: "published",
    isNetworking: false,
    partnerSlug: "frankfurter-rg-germania",
    location: "Frankfurt am Main, Germany",
    locationDetails: "Boathouse of Frankfurter RG Germania, Schaumainkai 65, on the south bank of the Main.",
    image: eventImage("riverside-team-racing", "Rowing eights racing side by side on a river"),
    month: 6,
    day: 15,
    startTime: [9, 0],
    endTime: [17, 0],
    priceMinor: 50_000,
    currency: "GBP",
    maxTeams: 20,
    teamSize: 9,
    schedule: [
      { time: "9:00 AM", activity: "Arrival, coffee and safety briefing" },
      { time: "9:30 AM", activity: "Technique on the rowing machines" },
      { time: "10:30 AM", activity: "First session on the water with coaches" },
      { time: "12:30 PM", activity: "Lunch on the terrace" },
      { time: "1:30 PM", activity: "Regatta heats" },
      { time: "3:30 PM", activity: "Finals" },
      { time: "4:30 PM", activity: "Awards ceremony and drinks" },
    ],
    faqs: [
      { question: "How many people are in a team?", answer: sampleRuleText },
      {
        question: "Do we need rowing experience?",
        answer: "No. Coaches teach everything you need on the day, and the boats are stable eights.",
      },
      {
        question: "What should we wear?",
        answer: "Sports clothes that fit close to the body, trainers and a change of clothes.",
      },
      {
        question: "What happens in bad weather?",
        answer: "Racing moves to the indoor rowing room; the programme and price stay the same.",
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
    title: "Equestrian Corporate Retreat",
    description:
      "A day at a countryside stable: groundwork with horses, leadership reflection and a long lunch, far from the office.",
    detailedDescriptionHtml: `<p>Horses respond to calm, clear leadership, which makes them honest teachers. Guided by experienced trainers, your team works with horses from the ground, with no riding required, and reflects on communication and trust.</p>
<h3>Who it is for</h3>
<p>Leadership teams and project groups who want to understand how they work together.</p>`,
    type: "team_building",
    status: "published",
    isNetworking: false,
    partnerSlug: "copenhagen-harbour-rowing-club",
    location: "Klampenborg, Denmark",
    locationDetails: "Stables by Dyrehaven, a short walk from Klampenborg station.",
    image: eventImage("equestrian-corporate-retreat", "Horses grazing in a green meadow"),
    month: 7,
    day: 8,
    startTime: [10, 0],
    endTime: [16, 0],
    priceMinor: 75_000,
    currency: "GBP",
    maxTeams: 8,
    teamSize: 10,
    schedule: [
      { time: "10:00 AM", activity: "Welcome and introduction to the herd" },
      { time: "10:30 AM", activity: "Groundwork exercises in pairs" },
      { time: "12:30 PM", activity: "Long lunch in the farmhouse" },
      { time: "2:00 PM", activity: "Team challenge with the horses" },
      { time: "3:30 PM", activity: "Reflection and take-aways" },
    ],
    faqs: [
      { question: "Do we ride the horses?", answer: "No. All exercises are done from the ground." },
      {
        question: "Is it safe for people who are nervous around horses?",
        answer: "Yes. Trainers choose calm horses and every exercise can be watched before joining in.",
      },
    ],
    publishedAt: new Date("2025-02-01T09:00:00Z"),
    registeredCompanies: ["Lyngby Biotech", "Nyhavn Legal", "Hygge Software"],
  },
  {
    slug: "oxford-leadership-summit",
    title: "Oxford Leadership Summit",
    description:
      "Two sessions on leadership from rowing's best coaches, a row on the Isis and an evening of conversation with peers.",
    detailedDescriptionHtml: `<p>What can leaders learn from a crew that must move as one? Coaches and former Boat Race rowers share how great crews are built, then you experience it in a coached row on the river.</p>
<ul><li>Keynote: trust at full pressure</li><li>Workshop: feedback in the boat and at work</li><li>Coached row and evening reception</li></ul>`,
    type: "team_building",
    status: "published",
    isNetworking: false,
    partnerSlug: "frankfurter-rg-germania",
    location: "Oxford, United Kingdom",
    locationDetails: "A college boathouse on the Isis, a 15-minute walk from the city centre.",
    image: eventImage("oxford-leadership-summit", "Historic spires beside a river with a single boat"),
    month: 8,
    day: 22,
    startTime: [9, 30],
    endTime: [18, 0],
    priceMinor: 120_000,
    currency: "GBP",
    maxTeams: 12,
    teamSize: 6,
    schedule: [
      { time: "9:30 AM", activity: "Registration and coffee" },
      { time: "10:00 AM", activity: "Keynote: trust at full pressure" },
      { time: "11:30 AM", activity: "Workshop: feedback in the boat and at work" },
      { time: "1:00 PM", activity: "Lunch" },
      { time: "2:30 PM", activity: "Coached row on the Isis" },
      { time: "5:00 PM", activity: "Evening reception" },
    ],
    faqs: [
      {
        question: "Is the summit held in English?",
        answer: "Yes, all sessions are in English.",
      },
      {
        question: "Can we send a team of fewer than six?",
        answer: "Yes. Teams of two to six people are welcome; the price is per team.",
      },
    ],
    publishedAt: new Date("2025-02-15T09:00:00Z"),
    registeredCompanies: ["Mainfeld Bank", "Vesterbro Finance"],
  },
  {
    slug: "networking-mixer",
    title: "Networking Mixer",
    description:
      "An evening by the harbour for professionals from member companies: short talks, a taster row and relaxed conversation.",
    detailedDescriptionHtml: `<p>Meet people from other companies in the Rethink Corporate Life community. After two short talks on corporate wellbeing, you can try a taster row in the harbour or simply enjoy drinks on the pier.</p>`,
    type: "team_building",
    status: "published",
    isNetworking: true,
    partnerSlug: "copenhagen-harbour-rowing-club",
    location: "Copenhagen, Denmark",
    locationDetails: "The event lounge of Copenhagen Harbour Rowing Club, Nordhavn.",
    image: eventImage("networking-mixer", "A harbour at dusk with conversation bubbles"),
    // The specification gives the mixer no date. It opens the season, so the home page's
    // "Upcoming Networking Mixer" card (the next networking event) shows it.
    month: 5,
    day: 14,
    startTime: [17, 30],
    endTime: [21, 0],
    priceMinor: 15_000,
    currency: "GBP",
    maxTeams: 30,
    teamSize: 4,
    schedule: [
      { time: "5:30 PM", activity: "Welcome drinks" },
      { time: "6:00 PM", activity: "Two short talks on corporate wellbeing" },
      { time: "6:45 PM", activity: "Taster rows in the harbour" },
      { time: "7:30 PM", activity: "Dinner and networking" },
    ],
    faqs: [
      {
        question: "Who attends the mixer?",
        answer: "HR leaders, managers and professionals from companies in the RCL community.",
      },
      { question: "Is the taster row required?", answer: "No, it is optional and takes 20 minutes." },
    ],
    publishedAt: new Date("2025-03-01T09:00:00Z"),
    registeredCompanies: ["Refshaleøen Media", "Amager Design Studio", "Øresund Energy", "Fjord Logistics"],
  },
  {
    slug: "indoor-rowing-challenge",
    title: "Indoor Rowing Challenge",
    description:
      "Relay races on rowing machines with live leaderboards: a high-energy challenge for teams of every fitness level.",
    detailedDescriptionHtml: `<p>Teams race relays on linked rowing machines while a big screen shows every boat's position. Short intervals keep it fun for beginners and tough for the competitive.</p>
<h3>Format</h3><p>Each team rows a 2,000-metre relay in turns of 250 metres, then meets the others in a final.</p>`,
    type: "indoor_rowing",
    status: "published",
    isNetworking: false,
    partnerSlug: "copenhagen-harbour-rowing-club",
    location: "Copenhagen, Denmark",
    locationDetails: "Indoor rowing hall, Copenhagen Harbour Rowing Club.",
    image: eventImage("indoor-rowing-challenge", "A row of indoor rowing machines"),
    month: 10,
    day: 2,
    startTime: [13, 0],
    endTime: [17, 0],
    priceMinor: 30_000,
    currency: "GBP",
    maxTeams: 16,
    teamSize: 8,
    schedule: [
      { time: "1:00 PM", activity: "Warm-up and technique" },
      { time: "1:45 PM", activity: "Relay heats" },
      { time: "3:30 PM", activity: "Final" },
      { time: "4:15 PM", activity: "Prizes and refreshments" },
    ],
    faqs: [
      {
        question: "Is it suitable for beginners?",
        answer: "Yes. Coaches teach the technique first, and each turn lasts about a minute.",
      },
    ],
    publishedAt: new Date("2025-03-10T09:00:00Z"),
    registeredCompanies: ["Kastrup Engineering"],
  },
  {
    slug: "leadership-brunch-copenhagen",
    title: "Leadership Brunch Copenhagen",
    description:
      "A relaxed Sunday brunch for leaders: short round-table conversations on leading teams, hosted by the harbour.",
    detailedDescriptionHtml: `<p>Join fellow leaders for brunch and three rounds of hosted table conversations about building teams that last.</p>`,
    type: "team_building",
    status: "published",
    isNetworking: true,
    partnerSlug: "copenhagen-harbour-rowing-club",
    location: "Copenhagen, Denmark",
    locationDetails: "The event lounge of Copenhagen Harbour Rowing Club, Nordhavn.",
    image: eventImage("leadership-brunch-copenhagen", "A brunch table by a harbour window"),
    month: 5,
    day: 25,
    startTime: [10, 0],
    endTime: [13, 0],
    priceMinor: 9_500,
    currency: "GBP",
    maxTeams: 15,
    teamSize: 2,
    schedule: [
      { time: "10:00 AM", activity: "Brunch buffet opens" },
      { time: "10:30 AM", activity: "Round-table conversations" },
      { time: "12:30 PM", activity: "Open networking" },
    ],
    faqs: [
      {
        question: "Can I come alone?",
        answer: "Yes. Register a team of one or bring a colleague.",
      },
    ],
    publishedAt: new Date("2025-01-20T09:00:00Z"),
  },
  {
    slug: "virtual-career-workshop",
    title: "Virtual Career Workshop",
    description:
      "An online workshop on growing your career through community: personal branding, mentoring and making connections count.",
    detailedDescriptionHtml: `<p>A live, interactive online workshop with breakout rooms. You will leave with a personal networking plan and a mentor match from the RCL community.</p>`,
    type: "team_building",
    status: "published",
    isNetworking: true,
    partnerSlug: "frankfurter-rg-germania",
    location: "Online",
    locationDetails: "A video-call link is sent to registered teams the day before.",
    image: eventImage("virtual-career-workshop", "A laptop showing a video call"),
    month: 6,
    day: 12,
    startTime: [15, 0],
    endTime: [17, 0],
    priceMinor: 0,
    currency: "GBP",
    maxTeams: 50,
    teamSize: 5,
    schedule: [
      { time: "3:00 PM", activity: "Welcome and introductions" },
      { time: "3:20 PM", activity: "Personal branding session" },
      { time: "4:00 PM", activity: "Breakout rooms: mentoring" },
      { time: "4:40 PM", activity: "Your networking plan" },
    ],
    faqs: [
      {
        question: "What do I need to join?",
        answer: "A computer with a camera and a stable internet connection.",
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
    bio: "Former national-team rower who spent ten years in consulting before founding RCL in 2022.",
    photo: image("/images/team/mette-lindqvist.svg", "Portrait of Mette Lindqvist", 400, 400),
  },
  {
    position: 2,
    name: "Jonas Kragh",
    role: "Head of Partnerships",
    bio: "Works with rowing clubs and venues across Denmark to bring their programmes to companies.",
    photo: image("/images/team/jonas-kragh.svg", "Portrait of Jonas Kragh", 400, 400),
  },
  {
    position: 3,
    name: "Sofie Andersen",
    role: "Community & Events Lead",
    bio: "Plans the networking programme and makes sure every event feels welcoming.",
    photo: image("/images/team/sofie-andersen.svg", "Portrait of Sofie Andersen", 400, 400),
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
