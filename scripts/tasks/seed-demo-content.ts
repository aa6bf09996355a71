/** Demo prompts for `npm run seed:demo`: Indonesian texts for YouTube live-stream content. */

/** A generated cover: a diagonal gradient between two colours with a motif drawn on top. */
export type DemoArt = { from: number; to: number; motif: 'rain' | 'waves' | 'bars' | 'circles' | 'stars' | 'grid' };

export type DemoPrompt = {
  title: string;
  description: string;
  prompt_template: string;
  prompt_music: string;
  art?: DemoArt;
};

export const FIRST_DEMO_PROMPTS: readonly DemoPrompt[] = [
  {
    title: 'Lofi Hujan Malam untuk Belajar',
    description:
      'Paket judul, deskripsi, dan musik lofi bernuansa hujan untuk live 24 jam yang menemani penonton belajar.',
    prompt_template:
      'Buatkan 10 judul live YouTube berbahasa Indonesia untuk siaran 24/7 musik lofi dengan suara hujan di malam hari. Target penonton: pelajar dan mahasiswa yang belajar larut malam. Setiap judul maksimal 70 karakter, memakai 1 emoji yang relevan, dan memuat kata kunci "lofi", "hujan", atau "belajar". Tambahkan deskripsi 3 paragraf dengan ajakan subscribe dan 15 tag.',
    prompt_music:
      'lofi hip hop, gentle rain on window, soft vinyl crackle, mellow Rhodes piano chords, slow boom bap drums at 70 bpm, warm bass, calm and cozy late night study mood, no vocals, seamless loop',
    art: { from: 0x1e2a4aff, to: 0x4b3b6bff, motif: 'rain' },
  },
  {
    title: 'Suara Hujan Deras & Petir untuk Tidur',
    description:
      'Prompt audio ambience hujan lebat dengan gemuruh petir jauh, cocok untuk live 10 jam pengantar tidur.',
    prompt_template:
      'Tulis deskripsi live YouTube untuk siaran suara hujan deras dan petir selama 10 jam. Jelaskan manfaatnya untuk tidur nyenyak, meredakan stres, dan menutupi kebisingan. Sertakan timestamp, peringatan untuk tidak memutar saat berkendara, dan 3 pertanyaan untuk memancing komentar.',
    prompt_music:
      'heavy rain ambience, distant rolling thunder, rain on tin roof, deep brown noise bed, no music, no melody, steady and immersive, perfect for sleep, 10 hours seamless',
    art: { from: 0x0f172aff, to: 0x334155ff, motif: 'rain' },
  },
  {
    title: 'Piano Relaksasi Pagi Hari',
    description: 'Musik piano lembut untuk memulai hari dengan tenang, plus judul live yang ramah pencarian.',
    prompt_template:
      'Buat 8 variasi judul live YouTube untuk siaran musik piano relaksasi di pagi hari. Gunakan gaya bahasa hangat dan positif, sebutkan manfaat seperti "fokus", "tenang", atau "semangat pagi". Akhiri setiap judul dengan tanda "| Live 24/7".',
    prompt_music:
      'solo acoustic piano, soft felt piano tone, slow tempo 60 bpm, major key, gentle arpeggios, morning sunlight mood, peaceful and hopeful, light room reverb, no drums',
    art: { from: 0xfde68aff, to: 0xf59e0bff, motif: 'circles' },
  },
  {
    title: 'ASMR Ketikan Keyboard Mekanik',
    description: 'Template untuk live ASMR suara keyboard mekanik yang memuaskan, tanpa bicara.',
    prompt_template:
      'Buatkan judul, deskripsi, dan 20 tag untuk live YouTube ASMR suara ketikan keyboard mekanik (switch biru dan cokelat) tanpa bicara. Tekankan kata "satisfying", "no talking", dan "fokus kerja". Deskripsi maksimal 150 kata dengan ajakan memakai headphone.',
    prompt_music: '',
    art: { from: 0x111827ff, to: 0x6b7280ff, motif: 'grid' },
  },
  {
    title: 'Live Gaming Santai Malam Minggu',
    description: 'Judul dan deskripsi live gaming yang mengundang penonton ngobrol di chat.',
    prompt_template:
      'Kamu adalah kreator gaming Indonesia. Buat 10 judul live streaming bermain game santai di malam Minggu yang mengajak penonton ikut ngobrol di live chat. Gunakan bahasa gaul yang sopan, maksimal 60 karakter, dan sertakan nama game dalam tanda kurung siku, misalnya [Minecraft].',
    prompt_music:
      'upbeat chiptune, retro 8-bit synth lead, energetic drums 120 bpm, playful and fun gaming background, loopable, no vocals',
    art: { from: 0x7c3aedff, to: 0xdb2777ff, motif: 'bars' },
  },
  {
    title: 'Ombak Pantai Senja',
    description: 'Ambience ombak pantai dan burung camar untuk live relaksasi sore hari.',
    prompt_template: '',
    prompt_music:
      'ocean waves gently crashing on sandy beach, soft seagulls in the distance, light coastal wind, golden hour ambience, no music, calm and meditative, continuous loop',
    art: { from: 0xf97316ff, to: 0x0ea5e9ff, motif: 'waves' },
  },
  {
    title: 'Jazz Kafe Hujan Sore',
    description: 'Musik jazz kafe dengan suara hujan tipis dan denting cangkir kopi.',
    prompt_template:
      'Buat deskripsi live YouTube bertema "kafe jazz di sore hari saat hujan". Ceritakan suasana kafe dalam 2 kalimat puitis, lalu daftar manfaat (fokus, santai, menemani kerja). Tambahkan 10 hashtag berbahasa Indonesia dan Inggris.',
    prompt_music:
      'smooth cafe jazz, upright bass walking line, brushed drums, mellow saxophone melody, soft piano comping, light rain outside, coffee cup clinks, relaxed 85 bpm, cozy afternoon',
    art: { from: 0x78350fff, to: 0xd97706ff, motif: 'rain' },
  },
  {
    title: 'Meditasi 432 Hz Penenang Pikiran',
    description: 'Prompt musik meditasi frekuensi 432 Hz untuk live yoga dan mindfulness.',
    prompt_template:
      'Tulis naskah pembuka 60 detik untuk live meditasi: sapa penonton, ajak menarik napas dalam 3 kali, dan jelaskan singkat bahwa musik ini disetel pada 432 Hz. Gunakan kalimat pendek dan menenangkan.',
    prompt_music:
      '432 Hz meditation music, warm ambient pads, Tibetan singing bowls, soft drones, very slow evolving textures, no percussion, deep relaxation and mindfulness, 1 hour seamless',
    art: { from: 0x065f46ff, to: 0x34d399ff, motif: 'circles' },
  },
  {
    title: 'Synthwave Retro Berkendara Malam',
    description: 'Musik synthwave 80-an untuk live visual jalan raya neon.',
    prompt_template: '',
    prompt_music:
      'retro synthwave, 80s analog synth bass arpeggio, gated reverb snare, neon night drive, nostalgic lead melody, 100 bpm, cinematic and dreamy, instrumental, loopable',
    art: { from: 0x1e1b4bff, to: 0xec4899ff, motif: 'grid' },
  },
  {
    title: 'Api Unggun di Hutan Pinus',
    description: 'Ambience api unggun berderak dengan suara jangkrik untuk live malam yang hangat.',
    prompt_template:
      'Buat 5 judul live YouTube untuk siaran "api unggun di hutan pinus" yang ditujukan untuk penonton yang susah tidur. Setiap judul harus menyebut durasi (misalnya 8 jam) dan satu manfaat.',
    prompt_music:
      'crackling campfire, gentle forest night ambience, crickets, soft wind through pine trees, occasional owl, no music, warm and cozy, seamless 8 hours',
    art: { from: 0x7f1d1dff, to: 0xf59e0bff, motif: 'stars' },
  },
];
