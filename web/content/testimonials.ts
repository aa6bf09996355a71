export type Testimonial = { name: string; income: string; text: string; channels: number };

export const HOME_TESTIMONIALS: Testimonial[] = [
  {
    name: 'Rizky Pratama',
    income: 'Rp 47 juta/bulan',
    channels: 12,
    text: 'Dulu saya begadang tiap malam untuk menyalakan live. Sekarang 12 channel jalan sendiri dan saya tinggal cek laporan di HP.',
  },
  {
    name: 'Dewi Anggraini',
    income: 'Rp 28 juta/bulan',
    channels: 8,
    text: 'Setup-nya cepat, adminnya sabar menjawab pertanyaan. Dalam dua bulan penghasilan AdSense saya naik hampir dua kali lipat.',
  },
  {
    name: 'Hendra Wijaya',
    income: 'Rp 112 juta/bulan',
    channels: 15,
    text: 'Rotasi judul dan thumbnail-nya juara. 15 channel tetap terlihat aktif tanpa saya sentuh setiap hari.',
  },
];

export const LOOPBOT_TESTIMONIALS: Testimonial[] = [
  {
    name: 'Fajar Nugroho',
    income: 'Rp 35 juta/bulan',
    channels: 10,
    text: 'Notifikasi Telegram bikin tenang. Kalau ada live yang gagal, saya langsung tahu dan bisa segera membereskannya.',
  },
  {
    name: 'Siti Rahmawati',
    income: 'Rp 19 juta/bulan',
    channels: 6,
    text: 'Saya bukan orang teknis, tapi tutorialnya jelas. Satu sore saja semua channel sudah terjadwal.',
  },
  {
    name: 'Bagus Santoso',
    income: 'Rp 64 juta/bulan',
    channels: 14,
    text: 'Fitur spintax membuat deskripsi selalu berbeda. Channel terasa lebih hidup dan penontonnya makin banyak.',
  },
];

export const LOOPSTREAM_TESTIMONIALS: Testimonial[] = [
  {
    name: 'Andi Saputra',
    income: 'Rp 22 juta/bulan',
    channels: 5,
    text: 'Laptop saya tidak perlu menyala lagi semalaman. Video diputar terus di server dan live tidak pernah putus.',
  },
  {
    name: 'Maya Kusuma',
    income: 'Rp 31 juta/bulan',
    channels: 9,
    text: 'Upload video, atur jadwal, selesai. Kualitas 1080p-nya stabil meskipun internet rumah sedang lambat.',
  },
  {
    name: 'Yoga Firmansyah',
    income: 'Rp 53 juta/bulan',
    channels: 12,
    text: 'Kombinasi LoopBOT dan LoopStream paling pas. Semua berjalan otomatis 24 jam tanpa perangkat di rumah.',
  },
];
