//! `random_pet`: random names such as `amused-otter`, for unique resource names.

use rand::seq::SliceRandom as _;
use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{ApplyError, Context, Resource};

use super::generator::os_rng;
use super::{keepers_replace, state_only, KeeperMap};

/// A random pet name.
#[derive(TfSchema, Debug, Clone)]
pub struct Pet {
    /// Arbitrary map of values that, when changed, will trigger recreation of resource.
    #[tf(requires_replace_if = keepers_replace)]
    pub keepers: Unknown<Nullable<KeeperMap>>,
    /// The length (in words) of the pet name. Defaults to 2
    #[tf(default = 2, requires_replace)]
    pub length: Unknown<Nullable<i64>>,
    /// A string to prefix the name with.
    #[tf(requires_replace)]
    pub prefix: Unknown<Nullable<String>>,
    /// The character to separate words in the pet name. Defaults to "-"
    #[tf(default = "-", requires_replace)]
    pub separator: Unknown<Nullable<String>>,
    /// The random pet name.
    #[tf(computed, use_state_for_unknown)]
    pub id: Unknown<Nullable<String>>,
}

/// Adverbs, for names of three words or more.
const ADVERBS: &str =
    "ably actually aptly boldly bravely briefly brightly busily calmly carefully cheaply \
    cleanly clearly closely commonly correctly crisply curiously daily deeply deftly \
    directly eagerly early easily evenly exactly fairly finally firmly fluently formally \
    freely fully gently gladly gratefully happily heartily highly honestly humbly ideally \
    jointly justly keenly kindly largely lightly literally loudly luckily mainly merely \
    mildly mostly naturally neatly nicely notably openly partly patiently politely poorly \
    presently promptly properly proudly quickly quietly rapidly readily really rightly \
    roughly sadly safely sharply shortly simply slowly smoothly softly solely steadily \
    strictly strongly suddenly surely sweetly swiftly tenderly terribly thankfully tightly \
    truly usefully usually vastly verbally vigorously violently vitally warmly weekly \
    wholly widely wildly wisely yearly";

/// Adjectives: the word before the name.
const ADJECTIVES: &str =
    "able adapted advanced alive amazed amused apparent arriving awake balanced beloved big \
    bold brave bright busy capable careful casual central champion cheerful choice classic \
    clear climbing closing comic complete concise content correct crack credible crucial \
    cunning current daring dashing decent deep delicate destined direct distinct divine \
    driven dynamic easy elegant eminent enabling engaged enhanced enormous epic equipped \
    ethical evolved exact exciting expert fair famous fast fine first fitting flexible \
    fluent fond free full funny generous genuine glad glowing good grand great grown \
    guiding happy harmless helped helping hip honest hot humane humorous immense immune in \
    infinite innocent integral intent intimate joint keen kind known lasting learning \
    legible liberal liked live logical loving lucky magnetic major massive mature measured \
    merry mint modern moral moved musical national natural neat neutral next noble notable \
    novel on open optimum oriented patient perfect picked pleased poetic polished possible \
    precious present primary pro profound prompt proven pure quick rapid rational real \
    regular relative relaxing relieved renewing rested right romantic sacred saved secure \
    selected set settling sharp simple singular smart smiling social sought special square \
    star sterling stirred striking stunning suitable summary super supreme sweeping \
    talented tender thorough tight tolerant topical touched tranquil trusting up upward \
    useful valued verified vital wanted wealthy welcomed whole winning wise wondrous \
    working";

/// Names: the last word, an animal.
const NAMES: &str =
    "aardvark akita alien alpaca anchovy anemone anteater antelope aphid arachnid baboon \
    badger basilisk bass beagle bear bee beetle bird bison bluebird bluegill boa boar \
    bonefish boxer buck buffalo bull bulldog bunny burro caiman calf cardinal caribou \
    catfish cattle cheetah chicken chimp chipmunk cicada civet cobra cockatoo collie colt \
    coral corgi cow cowbird crab crane crawdad crayfish crow cub dassie deer dinosaur \
    doberman doe dog dolphin donkey dove dragon drum duck eagle earwig eft egret elf elk \
    escargot ewe fawn feline filly finch fish flamingo flounder fly fowl fox frog gannet \
    garfish gator gecko gelding ghoul gibbon glider glowworm gnu goat goblin goldfish \
    gopher gorilla grackle griffon grouper grouse grubworm guinea guppy haddock halibut \
    hamster hawk hedgehog hermit heron hippo hog hookworm hornet hound humpback hyena ibex \
    impala imp jackal jaguar jawfish jay jennet joey kid killdeer kit kite kiwi koala koi \
    krill labrador lacewing ladybug lamb lark leech lemur leopard lion lionfish llama \
    lobster longhorn loon lynx macaque mackerel maggot mako malamute mammal mammoth mantis \
    marlin marmot marten mastiff mastodon meerkat midge minnow mite mole mollusk monarch \
    mongoose monitor monkey monster moose mosquito moth mudfish mule muskox muskrat mutt \
    narwhal oarfish ocelot opossum orca oryx osprey owl ox panda pangolin parakeet parrot \
    pegasus pelican perch pheasant pig pigeon pika pipefish platypus polecat pony poodle \
    possum prawn pug puma python quagga quetzal rabbit racer ram rat rattler ray redbird \
    reindeer reptile ringtail robin rooster roughy salmon satyr sawfly scorpion seagull \
    seahorse seasnail serval shark sheep shepherd shiner shrimp silkworm skunk skylark \
    slug snail snapper snipe spaniel sparrow sponge squid stag stallion starling stingray \
    stork stud sunbeam sunbird swan swift tadpole tahr tarpon teal terrapin terrier thrush \
    tick titmouse toad tortoise toucan troll trout turkey turtle urchin vervet vulture \
    wahoo walleye walrus wasp weasel werewolf whale wildcat wolf woodcock worm yak yeti";

/// The `random_pet` resource type.
pub struct PetResource;

impl Resource for PetResource {
    type Model = Pet;
    type Data = ();

    async fn create(
        &self,
        _: &mut Context<()>,
        planned: Pet,
        _: Pet,
    ) -> Result<Pet, ApplyError<Pet>> {
        let mut rng = os_rng()?;
        let mut pick = |list: &'static str| -> &'static str {
            list.split_whitespace()
                .collect::<Vec<_>>()
                .choose(&mut rng)
                .copied()
                .unwrap_or("")
        };
        let words = planned.length.as_value().copied().unwrap_or(2);
        let mut name: Vec<&str> = (2..words).map(|_| pick(ADVERBS)).collect();
        if words != 1 {
            name.push(pick(ADJECTIVES));
        }
        name.push(pick(NAMES));
        let separator = planned.separator.as_value().map_or("-", String::as_str);
        if let Some(prefix) = planned.prefix.as_value().filter(|p| !p.is_empty()) {
            name.insert(0, prefix);
        }
        let id = name.join(separator);
        Ok(Pet {
            id: Some(id).into(),
            ..planned
        })
    }

    state_only!(Pet);
}
