/**
 * Installing LoopBOT and activating a key, in Indonesian: the /tutorial section `#instal` (where the
 * licence e-mail's download link leads while the owner has not set one) and the steps on /lisensi.
 */
export const INSTALL_TEXT = {
  eyebrow: 'Mulai di sini',
  title: 'Instal dan aktifkan LoopBOT',
  lead: 'Sudah punya kunci lisensi (dari pembelian atau uji coba gratis)? Lima langkah ini membuat LoopBOT siap dipakai di komputer Anda.',
  accountTitle: 'Mulai memakai LoopBOT',
  download: 'Unduh LoopBOT',
  guide: 'Panduan instal lengkap',
  openAccount: 'Buka Lisensi Saya',
  problemsTitle: 'Jika aktivasi gagal',
  stillStuck: 'Masih belum berhasil? Hubungi admin lewat WhatsApp dan sebutkan pesan yang muncul di aplikasi.',
} as const;

export const INSTALL_STEPS: readonly string[] = [
  'Unduh LoopBOT lewat tombol "Unduh LoopBOT" di halaman Lisensi Saya atau tautan di e-mail lisensi Anda.',
  'Buka file yang diunduh dan ikuti langkah instalasi sampai selesai.',
  'Buka LoopBOT. Di layar aktivasi, tempel kunci lisensi Anda: salin dari halaman Lisensi Saya dengan tombol "Salin" (atau dari e-mail lisensi).',
  'Klik Aktifkan. Kunci terikat ke komputer ini; satu lisensi untuk satu perangkat.',
  'Selesai: halaman Lisensi Saya kini menampilkan nama komputer Anda. Lanjutkan ke langkah 1 di bawah untuk menyiapkan file client secret.',
];

/** What the app may answer, and what the buyer does about it. */
export const INSTALL_PROBLEMS: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: 'Kunci lisensi tidak ditemukan',
    text: 'Salin ulang kunci dari halaman Lisensi Saya dengan tombol "Salin", jangan diketik manual, lalu tempel lagi.',
  },
  {
    title: 'Sudah aktif di perangkat lain',
    text: 'Pindah komputer? Buka Lisensi Saya, pilih "Lepas perangkat", lalu aktifkan lagi di komputer baru.',
  },
  {
    title: 'Batas pindah perangkat tercapai',
    text: 'Lisensi Saya menunjukkan kapan perangkat bisa dipindah lagi. Butuh lebih cepat? Hubungi admin.',
  },
  {
    title: 'Lisensi kedaluwarsa',
    text: 'Perpanjang dari tombol "Perpanjang" di Lisensi Saya. Kunci yang sama tetap dipakai dan diperpanjang.',
  },
  {
    title: 'Uji coba gratis sudah dipakai di perangkat ini',
    text: 'Satu uji coba gratis untuk setiap perangkat. Di komputer ini, lanjutkan dengan paket berbayar.',
  },
  {
    title: 'Tidak bisa terhubung ke server lisensi',
    text: 'Periksa koneksi internet komputer Anda, lalu coba aktifkan lagi.',
  },
];
