// Tables the search's word folding and cutting would otherwise compute at the start of every
// process that indexes a page: computing them took about 20 M instructions, most of an edit's
// indexing of one page. Written out by running `Words.makeTable` and `WordScalars.bits` (the
// computations kept beside them); `FoldingTableTests` compares each table with its computation,
// so a Swift whose Unicode data differs fails the test instead of folding differently.

enum FoldingTables {
    /// `Words.makeTable(keptMarks: [])`: the folding of each scalar of `Words.foldedRanges` in order,
    /// comma-separated; empty for a scalar left out (not a word scalar, or a combining mark).
    static let stripping = """
        a,a,a,a,a,a,æ,c,e,e,e,e,i,i,i,i,ð,n,o,o,o,o,o,,ø,u,u,u,u,y,þ,ß,a,a,a,a,a,a,æ,c,e,e,e,e,i,i,i,i,ð,n,\
        o,o,o,o,o,,ø,u,u,u,u,y,þ,y,a,a,a,a,a,a,c,c,c,c,c,c,c,c,d,d,đ,đ,e,e,e,e,e,e,e,e,e,e,g,g,g,g,g,g,g,g,\
        h,h,ħ,ħ,i,i,i,i,i,i,i,i,i,ı,ĳ,ĳ,j,j,k,k,ĸ,l,l,l,l,l,l,ŀ,ŀ,ł,ł,n,n,n,n,n,n,ŉ,ŋ,ŋ,o,o,o,o,o,o,œ,œ,r,r,\
        r,r,r,r,s,s,s,s,s,s,s,s,t,t,t,t,ŧ,ŧ,u,u,u,u,u,u,u,u,u,u,u,u,w,w,y,y,y,z,z,z,z,z,z,ſ,ƀ,ɓ,ƃ,ƃ,ƅ,ƅ,ɔ,ƈ,\
        ƈ,ɖ,ɗ,ƌ,ƌ,ƍ,ǝ,ə,ɛ,ƒ,ƒ,ɠ,ɣ,ƕ,ɩ,ɨ,ƙ,ƙ,ƚ,ƛ,ɯ,ɲ,ƞ,ɵ,o,o,ƣ,ƣ,ƥ,ƥ,ʀ,ƨ,ƨ,ʃ,ƪ,ƫ,ƭ,ƭ,ʈ,u,u,ʊ,ʋ,ƴ,ƴ,ƶ,ƶ,ʒ,ƹ,ƹ,\
        ƺ,ƻ,ƽ,ƽ,ƾ,ƿ,ǀ,ǁ,ǂ,ǃ,ǆ,ǆ,ǆ,ǉ,ǉ,ǉ,ǌ,ǌ,ǌ,a,a,i,i,o,o,u,u,u,u,u,u,u,u,u,u,ǝ,a,a,a,a,æ,æ,ǥ,ǥ,g,g,k,k,o,o,\
        o,o,ʒ,ʒ,j,ǳ,ǳ,ǳ,g,g,ƕ,ƿ,n,n,a,a,æ,æ,ø,ø,a,a,a,a,e,e,e,e,i,i,i,i,o,o,o,o,r,r,r,r,u,u,u,u,s,s,t,t,ȝ,ȝ,\
        h,h,ƞ,ȡ,ȣ,ȣ,ȥ,ȥ,a,a,e,e,o,o,o,o,o,o,o,o,y,y,ȴ,ȵ,ȶ,ȷ,ȸ,ȹ,ⱥ,ȼ,ȼ,ƚ,ⱦ,ȿ,ɀ,ɂ,ɂ,ƀ,ʉ,ʌ,ɇ,ɇ,ɉ,ɉ,ɋ,ɋ,ɍ,ɍ,ɏ,ɏ,\
        ͱ,ͱ,ͳ,ͳ,ʹ,,ͷ,ͷ,,,ͺ,ͻ,ͼ,ͽ,,ϳ,,,,,,,α,,ε,η,ι,,ο,,υ,ω,ι,α,β,γ,δ,ε,ζ,η,θ,ι,κ,λ,μ,ν,ξ,ο,π,ρ,,σ,τ,υ,φ,χ,ψ,\
        ω,ι,υ,α,ε,η,ι,υ,α,β,γ,δ,ε,ζ,η,θ,ι,κ,λ,μ,ν,ξ,ο,π,ρ,ς,σ,τ,υ,φ,χ,ψ,ω,ι,υ,ο,υ,ω,ϗ,ϐ,ϑ,ϒ,ϒ,ϒ,ϕ,ϖ,ϗ,ϙ,ϙ,ϛ,\
        ϛ,ϝ,ϝ,ϟ,ϟ,ϡ,ϡ,ϣ,ϣ,ϥ,ϥ,ϧ,ϧ,ϩ,ϩ,ϫ,ϫ,ϭ,ϭ,ϯ,ϯ,ϰ,ϱ,ϲ,ϳ,θ,ϵ,,ϸ,ϸ,ϲ,ϻ,ϻ,ϼ,ͻ,ͼ,ͽ,е,е,ђ,г,є,ѕ,і,і,ј,љ,њ,ћ,к,\
        и,у,џ,а,б,в,г,д,е,ж,з,и,и,к,л,м,н,о,п,р,с,т,у,ф,х,ц,ч,ш,щ,ъ,ы,ь,э,ю,я,а,б,в,г,д,е,ж,з,и,и,к,л,м,н,о,\
        п,р,с,т,у,ф,х,ц,ч,ш,щ,ъ,ы,ь,э,ю,я,е,е,ђ,г,є,ѕ,і,і,ј,љ,њ,ћ,к,и,у,џ,ѡ,ѡ,ѣ,ѣ,ѥ,ѥ,ѧ,ѧ,ѩ,ѩ,ѫ,ѫ,ѭ,ѭ,ѯ,ѯ,ѱ,\
        ѱ,ѳ,ѳ,ѵ,ѵ,ѵ,ѵ,ѹ,ѹ,ѻ,ѻ,ѽ,ѽ,ѿ,ѿ,ҁ,ҁ,,,,,,,҈,҉,ҋ,ҋ,ҍ,ҍ,ҏ,ҏ,ґ,ґ,ғ,ғ,ҕ,ҕ,җ,җ,ҙ,ҙ,қ,қ,ҝ,ҝ,ҟ,ҟ,ҡ,ҡ,ң,ң,ҥ,ҥ,\
        ҧ,ҧ,ҩ,ҩ,ҫ,ҫ,ҭ,ҭ,ү,ү,ұ,ұ,ҳ,ҳ,ҵ,ҵ,ҷ,ҷ,ҹ,ҹ,һ,һ,ҽ,ҽ,ҿ,ҿ,ӏ,ж,ж,ӄ,ӄ,ӆ,ӆ,ӈ,ӈ,ӊ,ӊ,ӌ,ӌ,ӎ,ӎ,ӏ,а,а,а,а,ӕ,ӕ,е,е,\
        ә,ә,ә,ә,ж,ж,з,з,ӡ,ӡ,и,и,и,и,о,о,ө,ө,ө,ө,э,э,у,у,у,у,у,у,ч,ч,ӷ,ӷ,ы,ы,ӻ,ӻ,ӽ,ӽ,ӿ,ӿ,ԁ,ԁ,ԃ,ԃ,ԅ,ԅ,ԇ,ԇ,ԉ,ԉ,\
        ԋ,ԋ,ԍ,ԍ,ԏ,ԏ,ԑ,ԑ,ԓ,ԓ,ԕ,ԕ,ԗ,ԗ,ԙ,ԙ,ԛ,ԛ,ԝ,ԝ,ԟ,ԟ,ԡ,ԡ,ԣ,ԣ,ԥ,ԥ,ԧ,ԧ,ԩ,ԩ,ԫ,ԫ,ԭ,ԭ,ԯ,ԯ,a,a,b,b,b,b,b,b,c,c,d,d,\
        d,d,d,d,d,d,d,d,e,e,e,e,e,e,e,e,e,e,f,f,g,g,h,h,h,h,h,h,h,h,h,h,i,i,i,i,k,k,k,k,k,k,l,l,l,l,l,l,l,l,\
        m,m,m,m,m,m,n,n,n,n,n,n,n,n,o,o,o,o,o,o,o,o,p,p,p,p,r,r,r,r,r,r,r,r,s,s,s,s,s,s,s,s,s,s,t,t,t,t,t,t,\
        t,t,u,u,u,u,u,u,u,u,u,u,v,v,v,v,w,w,w,w,w,w,w,w,w,w,x,x,x,x,y,y,z,z,z,z,z,z,h,t,w,y,ẚ,ſ,ẜ,ẝ,ß,ẟ,a,a,\
        a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,e,e,e,e,e,e,e,e,e,e,e,e,e,e,e,e,i,i,i,i,o,o,o,o,o,o,o,o,\
        o,o,o,o,o,o,o,o,o,o,o,o,o,o,o,o,u,u,u,u,u,u,u,u,u,u,u,u,u,u,y,y,y,y,y,y,y,y,ỻ,ỻ,ỽ,ỽ,ỿ,ỿ
        """

    /// `Words.makeTable(keptMarks: [0x306, 0x308])` (Bulgarian's), written the same way.
    static let keeping = """
        a,a,a,a,ä,a,æ,c,e,e,e,ë,i,i,i,ï,ð,n,o,o,o,o,ö,,ø,u,u,u,ü,y,þ,ß,a,a,a,a,ä,a,æ,c,e,e,e,ë,i,i,i,ï,ð,n,\
        o,o,o,o,ö,,ø,u,u,u,ü,y,þ,ÿ,a,a,ă,ă,a,a,c,c,c,c,c,c,c,c,d,d,đ,đ,e,e,ĕ,ĕ,e,e,e,e,e,e,g,g,ğ,ğ,g,g,g,g,\
        h,h,ħ,ħ,i,i,i,i,ĭ,ĭ,i,i,i,ı,ĳ,ĳ,j,j,k,k,ĸ,l,l,l,l,l,l,ŀ,ŀ,ł,ł,n,n,n,n,n,n,ŉ,ŋ,ŋ,o,o,ŏ,ŏ,o,o,œ,œ,r,r,\
        r,r,r,r,s,s,s,s,s,s,s,s,t,t,t,t,ŧ,ŧ,u,u,u,u,ŭ,ŭ,u,u,u,u,u,u,w,w,y,y,ÿ,z,z,z,z,z,z,ſ,ƀ,ɓ,ƃ,ƃ,ƅ,ƅ,ɔ,ƈ,\
        ƈ,ɖ,ɗ,ƌ,ƌ,ƍ,ǝ,ə,ɛ,ƒ,ƒ,ɠ,ɣ,ƕ,ɩ,ɨ,ƙ,ƙ,ƚ,ƛ,ɯ,ɲ,ƞ,ɵ,o,o,ƣ,ƣ,ƥ,ƥ,ʀ,ƨ,ƨ,ʃ,ƪ,ƫ,ƭ,ƭ,ʈ,u,u,ʊ,ʋ,ƴ,ƴ,ƶ,ƶ,ʒ,ƹ,ƹ,\
        ƺ,ƻ,ƽ,ƽ,ƾ,ƿ,ǀ,ǁ,ǂ,ǃ,ǆ,ǆ,ǆ,ǉ,ǉ,ǉ,ǌ,ǌ,ǌ,a,a,i,i,o,o,u,u,ü,ü,ü,ü,ü,ü,ü,ü,ǝ,ä,ä,a,a,æ,æ,ǥ,ǥ,g,g,k,k,o,o,\
        o,o,ʒ,ʒ,j,ǳ,ǳ,ǳ,g,g,ƕ,ƿ,n,n,a,a,æ,æ,ø,ø,a,a,a,a,e,e,e,e,i,i,i,i,o,o,o,o,r,r,r,r,u,u,u,u,s,s,t,t,ȝ,ȝ,\
        h,h,ƞ,ȡ,ȣ,ȣ,ȥ,ȥ,a,a,e,e,ö,ö,o,o,o,o,o,o,y,y,ȴ,ȵ,ȶ,ȷ,ȸ,ȹ,ⱥ,ȼ,ȼ,ƚ,ⱦ,ȿ,ɀ,ɂ,ɂ,ƀ,ʉ,ʌ,ɇ,ɇ,ɉ,ɉ,ɋ,ɋ,ɍ,ɍ,ɏ,ɏ,\
        ͱ,ͱ,ͳ,ͳ,ʹ,,ͷ,ͷ,,,ͺ,ͻ,ͼ,ͽ,,ϳ,,,,,,,α,,ε,η,ι,,ο,,υ,ω,ϊ,α,β,γ,δ,ε,ζ,η,θ,ι,κ,λ,μ,ν,ξ,ο,π,ρ,,σ,τ,υ,φ,χ,ψ,\
        ω,ϊ,ϋ,α,ε,η,ι,ϋ,α,β,γ,δ,ε,ζ,η,θ,ι,κ,λ,μ,ν,ξ,ο,π,ρ,ς,σ,τ,υ,φ,χ,ψ,ω,ϊ,ϋ,ο,υ,ω,ϗ,ϐ,ϑ,ϒ,ϒ,ϔ,ϕ,ϖ,ϗ,ϙ,ϙ,ϛ,\
        ϛ,ϝ,ϝ,ϟ,ϟ,ϡ,ϡ,ϣ,ϣ,ϥ,ϥ,ϧ,ϧ,ϩ,ϩ,ϫ,ϫ,ϭ,ϭ,ϯ,ϯ,ϰ,ϱ,ϲ,ϳ,θ,ϵ,,ϸ,ϸ,ϲ,ϻ,ϻ,ϼ,ͻ,ͼ,ͽ,е,ё,ђ,г,є,ѕ,і,ї,ј,љ,њ,ћ,к,\
        и,ў,џ,а,б,в,г,д,е,ж,з,и,й,к,л,м,н,о,п,р,с,т,у,ф,х,ц,ч,ш,щ,ъ,ы,ь,э,ю,я,а,б,в,г,д,е,ж,з,и,й,к,л,м,н,о,\
        п,р,с,т,у,ф,х,ц,ч,ш,щ,ъ,ы,ь,э,ю,я,е,ё,ђ,г,є,ѕ,і,ї,ј,љ,њ,ћ,к,и,ў,џ,ѡ,ѡ,ѣ,ѣ,ѥ,ѥ,ѧ,ѧ,ѩ,ѩ,ѫ,ѫ,ѭ,ѭ,ѯ,ѯ,ѱ,\
        ѱ,ѳ,ѳ,ѵ,ѵ,ѵ,ѵ,ѹ,ѹ,ѻ,ѻ,ѽ,ѽ,ѿ,ѿ,ҁ,ҁ,,,,,,,҈,҉,ҋ,ҋ,ҍ,ҍ,ҏ,ҏ,ґ,ґ,ғ,ғ,ҕ,ҕ,җ,җ,ҙ,ҙ,қ,қ,ҝ,ҝ,ҟ,ҟ,ҡ,ҡ,ң,ң,ҥ,ҥ,\
        ҧ,ҧ,ҩ,ҩ,ҫ,ҫ,ҭ,ҭ,ү,ү,ұ,ұ,ҳ,ҳ,ҵ,ҵ,ҷ,ҷ,ҹ,ҹ,һ,һ,ҽ,ҽ,ҿ,ҿ,ӏ,ӂ,ӂ,ӄ,ӄ,ӆ,ӆ,ӈ,ӈ,ӊ,ӊ,ӌ,ӌ,ӎ,ӎ,ӏ,ӑ,ӑ,ӓ,ӓ,ӕ,ӕ,ӗ,ӗ,\
        ә,ә,ӛ,ӛ,ӝ,ӝ,ӟ,ӟ,ӡ,ӡ,и,и,ӥ,ӥ,ӧ,ӧ,ө,ө,ӫ,ӫ,ӭ,ӭ,у,у,ӱ,ӱ,у,у,ӵ,ӵ,ӷ,ӷ,ӹ,ӹ,ӻ,ӻ,ӽ,ӽ,ӿ,ӿ,ԁ,ԁ,ԃ,ԃ,ԅ,ԅ,ԇ,ԇ,ԉ,ԉ,\
        ԋ,ԋ,ԍ,ԍ,ԏ,ԏ,ԑ,ԑ,ԓ,ԓ,ԕ,ԕ,ԗ,ԗ,ԙ,ԙ,ԛ,ԛ,ԝ,ԝ,ԟ,ԟ,ԡ,ԡ,ԣ,ԣ,ԥ,ԥ,ԧ,ԧ,ԩ,ԩ,ԫ,ԫ,ԭ,ԭ,ԯ,ԯ,a,a,b,b,b,b,b,b,c,c,d,d,\
        d,d,d,d,d,d,d,d,e,e,e,e,e,e,e,e,ĕ,ĕ,f,f,g,g,h,h,h,h,ḧ,ḧ,h,h,h,h,i,i,ï,ï,k,k,k,k,k,k,l,l,l,l,l,l,l,l,\
        m,m,m,m,m,m,n,n,n,n,n,n,n,n,o,o,ö,ö,o,o,o,o,p,p,p,p,r,r,r,r,r,r,r,r,s,s,s,s,s,s,s,s,s,s,t,t,t,t,t,t,\
        t,t,u,u,u,u,u,u,u,u,ü,ü,v,v,v,v,w,w,w,w,ẅ,ẅ,w,w,w,w,x,x,ẍ,ẍ,y,y,z,z,z,z,z,z,h,ẗ,w,y,ẚ,ſ,ẜ,ẝ,ß,ẟ,a,a,\
        a,a,a,a,a,a,a,a,a,a,a,a,ă,ă,ă,ă,ă,ă,ă,ă,ă,ă,e,e,e,e,e,e,e,e,e,e,e,e,e,e,e,e,i,i,i,i,o,o,o,o,o,o,o,o,\
        o,o,o,o,o,o,o,o,o,o,o,o,o,o,o,o,u,u,u,u,u,u,u,u,u,u,u,u,u,u,y,y,y,y,y,y,y,y,ỻ,ỻ,ỽ,ỽ,ỿ,ỿ
        """

    /// `WordScalars.bits(0x80..<0x3000)`: which scalars from U+0080 to U+2FFF are word scalars, one bit each.
    static let bmp: [UInt64] = [
        0x420040000000000, 0xff7fffffff7fffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff,
        0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0x501f0003ffc3, 0xffffffffffffffff, 0xbcdfffffffffffff,
        0xfffffffbffffd740, 0xffbfffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xfffffffffffffffb, 0xffffffffffffffff,
        0xfffeffffffffffff, 0xffffffff027fffff, 0xbffffffffffe01ff, 0x787ffffff00b6, 0xffffffff07ff0000, 0xffffc3ffffffffff,
        0xffffffffffffffff, 0x9ffffdff9fefffff, 0xffffffffffff0000, 0xffffffffffffe7ff, 0x3ffffffffffff, 0x243fffffffffffff,
        0x3fffffffffff, 0xffff07ff0fffffff, 0xffffffffff80feff, 0xfffffffbffffffff, 0xffffffffffffffff, 0xfffeffcfffffffff,
        0xf3c5fdfffff99fef, 0x5003ffcfb080799f, 0xd36dfdfffff987ee, 0x3fffc05e023987, 0xf3edfdfffffbbfee, 0xfe00ffcf00013bbf,
        0xf3edfdfffff99fee, 0x2ffcfb0e0399f, 0xc3ffc718d63dc7ec, 0xffc000813dc7, 0xf3fffdfffffddfff, 0xffcf37603ddf,
        0xf3effdfffffddfef, 0xeffcf70603ddf, 0xfffffffffffddfff, 0xfc00ffcf80f07ddf, 0x2ffbfffffc7fffee, 0xcffc0ff5f847f,
        0x7fffffffffffffe, 0x3ff7fff, 0x3fffffaffffff7d6, 0xf3ff7f5f, 0xc2a003ff03000001, 0xfffe1ffffffffeff,
        0x1ffffffffeffffdf, 0x40, 0xffffffffffffffff, 0xffffffffffff03ff, 0xffffffff3fffffff, 0xf7ffffffffff20bf,
        0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffff3d7f3dff,
        0x7f3dffffffff3dff, 0xffffffffff7fff3d, 0xffffffffff3dffff, 0xe7ffffff, 0xffffffff0000ffff, 0x3f3fffffffffffff,
        0xfffffffffffffffe, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff,
        0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffff9fffffffffff, 0xffffffff07fffffe, 0x1fe07ffffffffff,
        0x1fffff803fffff, 0xddfff000fffff, 0xffffffffffffffff, 0x3ff308fffff, 0xffffffff03ffb800, 0x1ffffffffffffff,
        0xffff07ffffffffff, 0x3fffffffffffff, 0xfff0fff7fffffff, 0x1f3fffffffffc0, 0xffff0fffffffffff, 0x3ff03ff,
        0xffffffff0fffffff, 0x9fffffff7fffffff, 0xffff008003ff03ff, 0xfff3fffffff, 0xffffffffffffffff, 0xff80003ff1fff,
        0xffffffffffffffff, 0xfffffffffffff, 0xffffffffffffff, 0x3fffffffffffe3ff, 0xe7ffffffffff07ff, 0x7fffffffff70000,
        0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff,
        0xffffffffffffffff, 0xffffffffffffffff, 0xffffffff3f3fffff, 0x3fffffffaaff3f3f, 0x5fdfffffffffffff, 0x1fdc1fff0fcf1fdc,
        0x0, 0x8002000000000000, 0x1fff0000, 0x1ffffffff0000, 0xf3ffbd503e2ffc84, 0x43e0,
        0x18, 0x0, 0x0, 0x0, 0x0, 0x0,
        0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
        0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
        0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
        0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
        0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
        0x0, 0x0, 0x0, 0x0, 0x0, 0x0,
        0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xff81fffffffff, 0xffff20bfffffffff, 0x800080ffffffffff,
        0x7f7f7f7f007fffff, 0xffffffff7f7f7f7f, 0x800000000000, 0x0, 0x0, 0x0,
        0x0, 0x0, 0x0, 0x0,
    ]
}
