import type { LegalSection } from './legal';

export const PRIVACY_POLICY: LegalSection[] = [
  {
    title: '1. Pendahuluan',
    paragraphs: [
      'Kebijakan Privasi ini menjelaskan bagaimana LoopBOT dan LoopStream ("kami") mengumpulkan, menggunakan, dan melindungi data Anda saat memakai situs, software LoopBOT, dan layanan streaming cloud LoopStream.',
      'Dengan menggunakan layanan kami, Anda menyetujui pengumpulan dan penggunaan informasi sesuai kebijakan ini.',
    ],
  },
  {
    title: '2. Informasi yang kami kumpulkan',
    paragraphs: ['Kami hanya mengumpulkan data yang diperlukan untuk menjalankan layanan:'],
    items: [
      'Data pribadi: nama, alamat e-mail, nomor WhatsApp, dan informasi pembayaran yang Anda berikan saat membeli atau menghubungi kami.',
      'Data teknis: nama dan ID perangkat untuk aktivasi lisensi, alamat IP, jenis browser, serta log penggunaan untuk keamanan dan perbaikan layanan.',
      'Data platform video: token akses akun Google/YouTube, daftar channel, judul, deskripsi, jadwal, dan stream key yang Anda atur untuk menjalankan live.',
    ],
  },
  {
    title: '3. Cara kami menggunakan informasi',
    items: [
      'Mengaktifkan dan memverifikasi lisensi pada perangkat Anda.',
      'Menjadwalkan, memulai, dan mengakhiri live di channel Anda sesuai pengaturan.',
      'Mengirim notifikasi layanan, pengingat perpanjangan, dan jawaban atas pertanyaan support.',
      'Mencegah pembajakan, penyalahgunaan, dan penipuan.',
    ],
  },
  {
    title: '4. Perlindungan data',
    paragraphs: [
      'Data sensitif seperti token akses dan kredensial disimpan dengan enkripsi AES-256. Akses ke data dibatasi hanya untuk staf yang membutuhkannya untuk menjalankan layanan.',
      'Kami tidak menjual, menyewakan, atau memperdagangkan data pribadi Anda kepada pihak mana pun.',
    ],
  },
  {
    title: '5. Layanan pihak ketiga',
    paragraphs: ['Layanan kami terhubung dengan pihak ketiga yang memiliki kebijakan privasinya sendiri:'],
    items: [
      'Google dan YouTube (YouTube Data API) untuk mengelola siaran langsung di channel Anda.',
      'Telegram untuk mengirim notifikasi yang Anda aktifkan.',
      'Marketplace dan penyedia pembayaran (transfer bank, e-wallet, QRIS) untuk memproses pembelian.',
      'WhatsApp dan e-mail untuk komunikasi support.',
    ],
  },
  {
    title: '6. Hak Anda',
    paragraphs: ['Anda berhak atas data pribadi Anda, termasuk hak untuk:'],
    items: [
      'Akses: meminta salinan data yang kami simpan tentang Anda.',
      'Koreksi: memperbaiki data yang tidak akurat atau tidak lengkap.',
      'Penghapusan: meminta data Anda dihapus bila tidak lagi diperlukan untuk layanan.',
      'Portabilitas: menerima data Anda dalam format yang umum dan dapat dibaca mesin.',
    ],
    after: ['Setiap permintaan akan kami tanggapi dalam 7 hari kerja.'],
  },
  {
    title: '7. Kontak',
    paragraphs: [
      'Pertanyaan atau permintaan terkait privasi dapat dikirim ke {support_email} atau melalui WhatsApp admin kami.',
    ],
  },
];
